import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../engine/engine.js";
import { createMemorySettingsStore, type Settings } from "../../../settings/index.js";
import type { Store } from "../../../store/open-store.js";
import { createMemoryTelemetrySink } from "../../../telemetry/index.js";
import { fixedEntitlement } from "../../entitlement/index.js";
import { createExplorerEngine } from "../../explorer-engine.js";
import {
  mockModel,
  standardStore,
} from "../../tools/explore-chat-history/testing/explore-test-fixtures.js";
import { createOfflineRouterModel } from "../offline-router-model.js";
import { runChatSession } from "./chat-session.js";

const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

function session(options: {
  settings?: Settings;
  engine?: Engine;
  terminal?: boolean;
  pro?: boolean;
}) {
  const { store, ids } = standardStore();
  opened.push(store);
  const input = new PassThrough();
  const output = new PassThrough();
  let transcript = "";
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  output.on("data", (chunk: Buffer) => {
    transcript += chunk.toString("utf8");
    for (const waiter of waiters.splice(0)) {
      if (transcript.includes(waiter.text)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  const done = runChatSession({
    store,
    appId: ids.apps.get("Tasktide")!,
    appName: "Tasktide",
    mode: "agent",
    freeModelMode: false,
    entitlement: fixedEntitlement(options.pro === false ? "free" : "pro"),
    settings: createMemorySettingsStore(options.settings ?? {}),
    telemetry: createMemoryTelemetrySink(),
    engine: options.engine ?? createExplorerEngine({ kind: "offline" }),
    model: createOfflineRouterModel(),
    input,
    output,
    showText: (text) => text,
    terminal: options.terminal ?? false,
    turnProOnCommand: "npx recollect --db /tmp/s.db settings set entitlement pro",
  });
  return {
    input,
    done,
    transcript: () => transcript,
    waitFor: (text: string) =>
      new Promise<void>((resolve) => {
        if (transcript.includes(text)) resolve();
        else waiters.push({ text, resolve });
      }),
  };
}

describe("recollect chat session", () => {
  it("answers a recall question with compact progress lines and the card's report, cited once", async () => {
    const chat = session({});
    chat.input.end("What did we decide about login authentication?\n");
    expect(await chat.done).toEqual({ turns: 1, aborted: 0 });
    const lines = chat.transcript().split("\n");
    expect(lines[0]).toBe(
      'Chatting about app "Tasktide" in agent mode. Ctrl-C cancels a turn; /exit quits.',
    );
    expect(lines[1]).toBe("you> What did we decide about login authentication?");
    expect(lines[2]).toBe("· explore_chat_history");
    const explored = lines.filter((line) => line.startsWith("· History explored: "));
    expect(explored).toHaveLength(1);
    expect(explored[0]).toMatch(
      /^· History explored: (complete|conflict) · \d+ chats · \d+ evidence targets · confidence (high|medium)$/,
    );
    // The card's report, printed once under its line: findings with their evidence targets.
    expect(chat.transcript()).toMatch(/\n {7}- chat 2 “Switch auth to Clerk” · message 4 · /);
    expect(chat.transcript()).not.toContain("<dyad-");
  });

  it("answers a typed note without a tool, and still explores the recall question after it", async () => {
    const chat = session({});
    chat.input.end("Decision: billing goes through Stripe.\nWhy did we drop Clerk?\n");
    expect(await chat.done).toEqual({ turns: 2, aborted: 0 });
    const lines = chat.transcript().split("\n");
    const note = lines.indexOf("you> Decision: billing goes through Stripe.");
    const question = lines.indexOf("you> Why did we drop Clerk?");
    expect(note).toBeGreaterThan(0);
    expect(question).toBeGreaterThan(note);
    // Tool lines start with "· "; none between the note and the next question.
    expect(lines.slice(note + 1, question).filter((line) => line.startsWith("· "))).toEqual([]);
    expect(
      lines.slice(question + 1).filter((line) => line === "· explore_chat_history"),
    ).toHaveLength(1);
  });

  it("explorer consent ask: one real prompt with the disclosure; 'n' declines", async () => {
    const chat = session({ settings: { consent: { explore_chat_history: "ask" } } });
    chat.input.write("What did we decide about authentication?\n");
    await chat.waitFor("Allow this call? [y/N] ");
    expect(chat.transcript()).toContain(
      "sends bounded same-app historical chat text to the Engine for synthesis.",
    );
    chat.input.end("n\n");
    await chat.done;
    expect(chat.transcript()).toContain(
      "· explore_chat_history failed (user_cancelled): The user declined explore_chat_history.",
    );
    expect(chat.transcript()).toContain(
      "assistant> You declined the history explorer, so I did not look at earlier chats.",
    );
    expect(chat.transcript().match(/Allow this call\?/g)).toHaveLength(1);
  });

  it("without Pro says so once and explains instead of exploring", async () => {
    const chat = session({ pro: false });
    chat.input.end("What did we decide about authentication?\n/exit\n");
    await chat.done;
    expect(chat.transcript()).toContain(
      "· History tools need Pro: `npx recollect --db /tmp/s.db settings set entitlement pro`.",
    );
    expect(chat.transcript()).not.toContain("explore_chat_history\n");
  });

  it("Ctrl-C aborts the running turn and the session goes on", async () => {
    const hanging: Engine = {
      kind: "openai-compatible",
      modelId: "hang",
      languageModel: () => mockModel([{ hang: true }]),
    };
    const chat = session({ engine: hanging, terminal: true });
    chat.input.write("What did we decide about authentication?\r");
    await chat.waitFor("· explore_chat_history");
    chat.input.write("\x03");
    await chat.waitFor("(cancelled)");
    chat.input.write("hello\r");
    await chat.waitFor("Hello!");
    chat.input.end();
    expect(await chat.done).toEqual({ turns: 2, aborted: 1 });
    expect(chat.transcript()).toContain("· History exploration cancelled.");
  });
});
