import { describe, expect, it } from "vitest";
import { createExplorerEngine } from "../agent/explorer-engine.js";
import { openStore } from "../store/open-store.js";
import { DEMO_CHATS } from "./demo-chats.js";
import { runDemo } from "./run-demo.js";

const titleOf = (key: string) => DEMO_CHATS.find((chat) => chat.key === key)?.title ?? key;

/** The demo's report on a fresh in-memory store, for `question` (default: the demo's own). */
async function demoReport(question?: string) {
  using store = openStore({ path: ":memory:" });
  const { report } = await runDemo({
    store,
    engine: createExplorerEngine({ kind: "offline" }),
    isPro: true,
    signal: new AbortController().signal,
    ...(question === undefined ? {} : { question }),
  });
  return report;
}

describe("runDemo on the offline engine", () => {
  // The demo is a newcomer's first answer (`npm start`): the reversal it was written to show
  // (sessions → Clerk → Supabase Auth) must come out as a chain with the newest step first.
  it("answers the demo question with the newest decision first and the reversal as conflicts", async () => {
    const report = await demoReport();
    expect(report.outcome).toBe("complete");
    const april = [titleOf("auth-cost"), titleOf("auth-done")];
    expect(april).toContain(report.findings[0]?.evidence[0]?.chat_title);
    // A revised step is cited in its conflict (older first), not quoted again as a finding.
    const cited = new Set(
      [...report.findings, ...report.conflicts].flatMap((item) =>
        item.evidence.map((target) => target.chat_title),
      ),
    );
    for (const step of ["auth-sessions", "auth-clerk", "auth-cost"]) {
      expect(cited).toContain(titleOf(step));
    }
    const revised = (from: string, to: readonly string[]) =>
      report.conflicts.some(
        (conflict) =>
          conflict.evidence[0]?.chat_title === titleOf(from) &&
          to.includes(conflict.evidence.at(-1)?.chat_title ?? ""),
      );
    expect(revised("auth-sessions", [titleOf("auth-clerk")])).toBe(true);
    expect(revised("auth-clerk", april)).toBe(true);
    // In April the assistant says what Supabase Auth covers and the user then adopts it: the two
    // agree, so no conflict pairs them (the change is from Clerk, a chat earlier).
    const within = (key: string) =>
      report.conflicts.filter((conflict) =>
        conflict.evidence.every((target) => target.chat_title === titleOf(key)),
      );
    expect(within("auth-cost")).toEqual([]);
    expect(report.confidence).not.toBe("high");
  });

  // Issue 13: "why did we leave Clerk?" abstained because no chat says "leave" (they say
  // "replacing Clerk"); the word the history lacks is a paraphrase, not a missing topic.
  it("answers why a choice was left with the chat that gives the reason", async () => {
    const report = await demoReport("Why did we leave Clerk?");
    expect(report.outcome).not.toBe("no_match");
    const cited = report.findings.flatMap((finding) => finding.evidence.map((t) => t.chat_title));
    expect(cited).toContain(titleOf("auth-cost"));
  });
});
