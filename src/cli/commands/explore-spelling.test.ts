/**
 * `recollect explore` with a misspelled question, through the real executable (child process) on
 * a small store of two apps: the word is corrected only from the asked app's own history.
 */
import { afterEach, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../../card/report-schema.js";
import { createIndexer } from "../../history/indexer/create-indexer.js";
import { openStore } from "../../store/open-store.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** A store where only "Ledger" ever discussed authentication; returns its path and the decision. */
async function twoAppStore(): Promise<{ readonly db: string; readonly decision: number }> {
  const db = stores.path();
  using store = openStore({ path: db });
  const insertApp = store.db.prepare("INSERT INTO apps (name, created_at) VALUES (?, 0)");
  const insertChat = store.db.prepare(
    "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'test', ?)",
  );
  const insertMessage = store.db.prepare(
    "INSERT INTO messages (chat_id, role, content, is_compaction_summary, created_at) VALUES (?, ?, ?, 0, ?)",
  );
  const ledger = Number(insertApp.run("Ledger").lastInsertRowid);
  const garden = Number(insertApp.run("Garden").lastInsertRowid);
  const login = Number(insertChat.run(ledger, "Login", 1_000, "l1").lastInsertRowid);
  insertMessage.run(login, "user", "How should people sign in to the ledger?", 1_000);
  const decision = Number(
    insertMessage.run(
      login,
      "user",
      "Decision: authentication uses magic links by email, no passwords.",
      2_000,
    ).lastInsertRowid,
  );
  insertMessage.run(login, "assistant", "Understood: magic links for authentication.", 3_000);
  const plants = Number(insertChat.run(garden, "Plants", 1_000, "g1").lastInsertRowid);
  insertMessage.run(plants, "user", "We water the tomatoes every morning.", 1_000);
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  indexer.repair();
  await indexer.drainAll();
  await indexer.stop();
  return { db, decision };
}

const QUESTION = "What did we decide about authentcation?";

/** Turns Pro on in `db` (explore needs it), then runs `explore QUESTION --app <app>` as a child. */
async function explore(db: string, app: string, flags: readonly string[] = []) {
  expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
  return runRecollectChild(["--db", db, ...flags, "explore", QUESTION, "--app", app]);
}
/** Two child processes per test, each starting the CLI from source: slow on 2 shared cores. */
const CHILD_TEST_MS = 90_000;

describe("recollect explore with a misspelled word", () => {
  it(
    "searches the app's own spelling, says so, and cites the decision",
    async () => {
      const { db, decision } = await twoAppStore();
      const json = await explore(db, "Ledger", ["--json"]);
      // Partial (exit 11): a one-word subject is never answered with more than low confidence.
      expect(json.code).toBe(11);
      const report = exploreChatHistoryReportSchema.parse(JSON.parse(json.stdout));
      expect(report.spelling_corrections).toEqual([
        { from: "authentcation", to: "authentication" },
      ]);
      const cited = report.findings.flatMap((finding) => finding.evidence.map((e) => e.message_id));
      expect(cited).toContain(decision);
      const text = await explore(db, "Ledger");
      expect(text.code).toBe(11);
      expect(text.stdout).toContain("Searched authentication for authentcation");
    },
    CHILD_TEST_MS,
  );

  it(
    "never corrects from another app: no correction, no match, the other app's word nowhere",
    async () => {
      const { db } = await twoAppStore();
      const json = await explore(db, "Garden", ["--json"]);
      expect(json.code).toBe(10);
      const report = exploreChatHistoryReportSchema.parse(JSON.parse(json.stdout));
      expect(report.outcome).toBe("no_match");
      expect(report.spelling_corrections).toBeUndefined();
      const text = await explore(db, "Garden");
      for (const output of [json.stdout, json.stderr, text.stdout, text.stderr]) {
        expect(output).not.toMatch(/authentication|magic|ledger|Searched/i);
      }
    },
    CHILD_TEST_MS,
  );
});
