/**
 * Citations of a synced chat survive an edit of its file, through the real `recollect`
 * executable: a Claude Code session whose early reply is edited in place is rewritten, and every
 * later message keeps its id, so an evidence target given before the edit still opens with
 * `recollect read --around`.
 */
import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { claudeSession, fixtureMachinesPerTest } from "../../sync/testing/machine-fixture.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());
const machine = fixtureMachinesPerTest();

const TEXTS = ["Which queue?", "SQS.", "Why not Kafka?", "Too heavy for us.", "Retries?", "Three."];
const turns = (texts: readonly string[]) =>
  texts.map((text, index) => ({ role: index % 2 === 0 ? "user" : "assistant", text }) as const);

describe("recollect sync of an edited session file", () => {
  it("keeps the ids of the messages after an edited early one; an old evidence target still opens", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const session = m.claudeSessionPath(shop, "s1");
    m.write(session.slice(m.home.length + 1), claudeSession("s1", shop, turns(TEXTS)));
    const db = stores.path();
    const recollect = async (args: readonly string[]) => {
      const run = await runRecollectChild(["--db", db, "--json", ...args], {
        env: { HOME: m.home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
      });
      return { code: run.code, out: run.stdout === "" ? null : JSON.parse(run.stdout) };
    };
    const read = async (args: readonly string[] = []) => {
      const run = await recollect(["read", "--app", "shop", "--chat", "1", ...args]);
      return run.out.messages.map((message: { message_id: number; content: string }) => [
        message.message_id,
        message.content,
      ]);
    };
    expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
    expect((await recollect(["sync", "--source", "claude-code"])).code).toBe(0);
    const before = await read();
    expect(before.map(([id]: [number]) => id)).toEqual([1, 2, 3, 4, 5, 6]);

    // The reply "SQS." is edited in place: same lines, one text changed.
    const edited = TEXTS.map((text) => (text === "SQS." ? "SQS, with a dead-letter queue." : text));
    writeFileSync(session, claudeSession("s1", shop, turns(edited)));
    const sync = await recollect(["sync", "--source", "claude-code"]);

    expect(sync.code).toBe(0);
    expect(sync.out.sources[0]).toMatchObject({ updatedChats: 1, messages: 1, messagesRemoved: 1 });
    expect(await read()).toEqual([
      [1, "Which queue?"],
      [2, "SQS, with a dead-letter queue."],
      [3, "Why not Kafka?"],
      [4, "Too heavy for us."],
      [5, "Retries?"],
      [6, "Three."],
    ]);
    // An evidence target given before the edit opens as it did.
    expect(await read(["--around", "4", "--before", "0", "--after", "0"])).toEqual([
      [4, "Too heavy for us."],
    ]);
  }, 120_000);
});
