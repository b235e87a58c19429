/**
 * `recollect sync` on a session file it skips, as a real child process over a fixture HOME: the
 * bad line is named by its line in the whole file on every run, a chat stored earlier from the
 * file still counts, and the no-readable-chat warning appears only when true, in good English.
 */

import { afterEach, describe, expect, it } from "vitest";
import {
  claudeLine,
  claudeSession,
  type FixtureMachine,
  type FixtureTurn,
  fixtureMachinesPerTest,
} from "../../sync/testing/machine-fixture.js";
import { SKIPPED_EXIT_CODE } from "../exit-codes.js";
import { createTempStores } from "./testing/run-captured.js";
import { type ChildRun, runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());
const machine = fixtureMachinesPerTest();

/** `recollect --db <db> sync --source claude-code` as a child whose HOME is `m`'s. */
function syncClaude(m: FixtureMachine, db: string): Promise<ChildRun> {
  return runRecollectChild(["--db", db, "sync", "--source", "claude-code"], {
    env: { HOME: m.home, CLAUDE_CONFIG_DIR: "" },
  });
}

/** A session of two questions and their answers, user and assistant in turn. */
const TURNS: readonly FixtureTurn[] = [
  "Which database?",
  "Postgres.",
  "And the cache?",
  "Redis.",
].map((text, index) => ({ role: index % 2 === 0 ? "user" : "assistant", text }));

describe("recollect sync with a file it skips", () => {
  it("names a bad line appended after an import by its line in the file, on every run; the stored chat stays counted, with no warning", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const file = m.write(".claude/projects/-code-shop/s1.jsonl", claudeSession("s1", shop, TURNS));
    const db = stores.path();
    expect((await syncClaude(m, db)).code).toBe(0);

    m.append(file, "{bad json\n");
    const first = await syncClaude(m, db);
    // A valid line after the bad one changes the file: it is read again, from its start.
    m.append(file, claudeLine("s1", shop, { role: "user", text: "Anything else?" }, 4));
    const second = await syncClaude(m, db);

    const expected = [
      "  files: 0 new, 0 appended, 0 rewritten, 0 unchanged",
      "  chats: 0 new, 0 updated, 1 unchanged; wrote 0 messages",
      `  skipped ${file}: line 5: not valid JSON (truncated or corrupt line)`,
      "indexed 0 messages",
      "",
    ];
    for (const run of [first, second]) {
      expect([run.code, run.stderr]).toEqual([SKIPPED_EXIT_CODE, ""]);
      expect(run.stdout.split("\n").slice(1)).toEqual(expected);
    }
  }, 60_000);

  it("warns only of files that hold no readable chat, counted in words: the 1 file, none of the 2 files", async () => {
    const m = machine();
    const db = stores.path();
    m.write(".claude/projects/-code-shop/a.jsonl", "{bad json\n");
    const one = await syncClaude(m, db);
    m.write(".claude/projects/-code-shop/b.jsonl", "{bad json\n");
    const two = await syncClaude(m, db);
    expect([one.code, two.code]).toEqual([SKIPPED_EXIT_CODE, SKIPPED_EXIT_CODE]);
    expect(one.stdout.split("\n").at(-3)).toBe(
      "  warning: the 1 file holds no chat Recollect can read",
    );
    expect(two.stdout.split("\n").at(-3)).toBe(
      "  warning: none of the 2 files holds a chat Recollect can read",
    );
  }, 60_000);
});
