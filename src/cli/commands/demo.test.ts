import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../../card/report-schema.js";
import { openStore } from "../../store/open-store.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

describe("recollect demo", () => {
  it("refuses an empty or blank --question as invalid input naming --question, and seeds nothing", async () => {
    const db = stores.path();
    const runs = await Promise.all(
      ["", "   ", "x".repeat(501)].map((question) =>
        runRecollectChild(["--db", db, "--json", "demo", "--question", question]),
      ),
    );
    for (const run of runs) {
      expect([run.code, run.stdout]).toEqual([2, ""]);
      expect(JSON.parse(run.stderr).error).toMatchObject({
        kind: "invalid_input",
        exit_code: 2,
        argument: "--question",
        allowed: "1 to 500 characters of text after trimming, with a letter or digit",
      });
    }
    expect(existsSync(db)).toBe(false);
  }, 60_000);

  it("seeds the demo once, explores offline and cites real demo messages", async () => {
    const db = stores.path();
    const first = await runCaptured(["--db", db, "demo", "--json"]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('Seeded the demo app "Tasktide" (11 chats)');
    expect(first.stderr).toContain("· Searching prior chats… (1 search)");
    expect(first.stderr).toContain("· Synthesizing evidence…");
    const report = exploreChatHistoryReportSchema.parse(JSON.parse(first.stdout));
    expect(report.query).toBe("What did we decide about authentication?");
    expect(report.outcome).toBe("complete");
    expect(report.conflicts.length).toBeGreaterThan(0);
    const evidence = [...report.findings, ...report.conflicts].flatMap((g) => g.evidence);
    expect(evidence.length).toBeGreaterThan(0);
    {
      using store = openStore({ path: db });
      const row = store.db.prepare<
        [number],
        { chat_id: number; created_at: number; content: string }
      >("SELECT chat_id, created_at, content FROM messages WHERE id = ?");
      for (const target of evidence) {
        const stored = row.get(target.message_id);
        expect(stored?.chat_id).toBe(target.chat_id);
        expect(new Date(stored!.created_at).toISOString()).toBe(target.created_at);
        expect(stored?.content.replace(/\s+/g, " ")).toContain(target.excerpt.replace(/…$/, ""));
      }
      expect(evidence.some((e) => /Supabase Auth/.test(e.excerpt))).toBe(true);
    }
    const second = await runCaptured(["--db", db, "demo"]);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('The demo app "Tasktide" is already in');
    expect(second.stdout).toContain("Question: What did we decide about authentication?");
    expect(second.stdout).toContain("Findings:");
    expect(second.stdout).toContain("Conflicts (competing or superseded decisions):");
  });
});
