/**
 * Current-chat behaviour (plan § Current-chat Behavior) and index freshness: broad search never
 * returns the locked current chat, an explicit read of it is allowed and cut below the in-flight
 * message, and a still-draining index makes the report partial instead of a silent no_match.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readChat, searchChats } from "../../../history/index.js";
import { writeChats } from "../../../importers/index.js";
import { openStore, type Store } from "../../../store/open-store.js";
import { createStoreMessageLocator } from "./message-locator.js";
import { runExplorer } from "./run-explorer.js";
import { call, mockModel, standardStore } from "./testing/explore-test-fixtures.js";

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

const submit = (ids: string[]) =>
  call("submit_report", {
    summary: "s",
    findings: [{ claim: "c", candidate_ids: ids }],
    confidence: "high",
  });

describe("current chat and index freshness", () => {
  it("search excludes the current chat; an explicit read sees it only below the in-flight message", async () => {
    const { store, ids } = standardStore();
    stores.push(store);
    const current = ids.chats.get("auth-2")!;
    const inFlight = ids.messages.get("auth-2#1")!;
    const model = mockModel([
      call("search_chats", { query: "Clerk authentication sessions" }),
      call("read_chat", { chat_id: current, offset: 0, limit: 10 }),
      submit(["c1"]),
    ]);
    const { report } = await runExplorer({
      query: "What did we decide about authentication?",
      model,
      retrieval: {
        store,
        appId: ids.apps.get("Tasktide")!,
        currentChatId: current,
        currentMessageId: inFlight,
      },
      searchChats,
      readChat,
      locate: createStoreMessageLocator(store),
      isPro: () => true,
      signal: new AbortController().signal,
    });
    const searchAnswer = JSON.stringify(model.doStreamCalls[1]?.prompt.at(-1));
    expect(searchAnswer).toContain('"candidate_id":"c1"');
    expect(searchAnswer).not.toContain(`"chat_id":${current},`);
    const readAnswer = JSON.stringify(model.doStreamCalls[2]?.prompt.at(-1));
    expect(readAnswer).toContain(`"message_id":${ids.messages.get("auth-2#0")},`);
    expect(readAnswer).not.toContain(`"message_id":${inFlight},`);
    const system = model.doStreamCalls[0]?.prompt[0];
    expect(system && "content" in system ? system.content : "").toContain(
      `The current chat is chat ${current}.`,
    );
    expect(report.findings).toHaveLength(1);
  });

  it("an index still draining makes an empty result partial (ask_user), never no_match", async () => {
    const store = openStore({ path: ":memory:" });
    stores.push(store);
    writeChats(store.db, [
      {
        app: { name: "Fresh", path: null },
        chat: {
          source: "jsonl",
          externalId: "fresh/1",
          title: "Auth",
          createdAtMs: 0,
          appHint: null,
          messages: [
            {
              role: "user",
              content: "We picked Clerk for authentication.",
              createdAtMs: 0,
              aiMessagesJson: null,
              isCompactionSummary: false,
            },
          ],
        },
      },
    ]);
    const appId = store.db.prepare<[], number>("SELECT id FROM apps").pluck().get()!;
    const { report, stats } = await runExplorer({
      query: "auth?",
      model: mockModel([
        call("search_chats", { query: "authentication" }),
        {
          calls: [
            { name: "submit_report", args: { summary: "", findings: [], confidence: "high" } },
          ],
        },
      ]),
      retrieval: { store, appId, currentChatId: null, currentMessageId: null },
      searchChats,
      readChat,
      locate: createStoreMessageLocator(store),
      isPro: () => true,
      signal: new AbortController().signal,
    });
    expect(stats.index_status).toBe("indexing");
    expect(report).toMatchObject({
      outcome: "partial",
      partial_reason: "index_incomplete",
      index_status: "indexing",
      confidence: "low",
      action: "ask_user",
    });
    expect(report.missing_coverage[0]).toBe(
      "The search index was still building (1 message not yet searchable); recall may be incomplete.",
    );
  });
});
