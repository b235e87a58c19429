import { APICallError } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import type { ExploreProgress } from "../../../card/explore-progress.js";
import { RecollectError } from "../../../errors/recollect-error.js";
import { readChat, searchChats } from "../../../history/index.js";
import type { Store } from "../../../store/open-store.js";
import { EXPLORER_BUDGETS } from "./budgets.js";
import { createStoreMessageLocator } from "./message-locator.js";
import { type RunExplorerOptions, runExplorer } from "./run-explorer.js";
import {
  call,
  type MockTurn,
  mockModel,
  retrievalFor,
  type SeededIds,
  standardStore,
} from "./testing/explore-test-fixtures.js";

const open: Store[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

function setup(): { store: Store; ids: SeededIds; appId: number } {
  const { store, ids } = standardStore();
  open.push(store);
  return { store, ids, appId: ids.apps.get("Tasktide")! };
}

function options(
  store: Store,
  appId: number,
  turns: ReadonlyArray<MockTurn | (() => MockTurn)>,
  extra: Partial<RunExplorerOptions> = {},
): RunExplorerOptions & { progress: ExploreProgress[] } {
  const progress: ExploreProgress[] = [];
  return {
    query: "What did we decide about authentication?",
    model: mockModel(turns),
    retrieval: retrievalFor(store, appId),
    searchChats,
    readChat,
    locate: createStoreMessageLocator(store),
    isPro: () => true,
    signal: new AbortController().signal,
    onProgress: (event) => progress.push(event),
    now: () => 1000,
    progress,
    ...extra,
  };
}

const submit = (findings: unknown[], extra: Record<string, unknown> = {}) =>
  call("submit_report", {
    summary: "Auth moved from sessions to Clerk.",
    findings,
    confidence: "high",
    ...extra,
  });

async function classifiedFailure(promise: Promise<unknown>): Promise<RecollectError> {
  try {
    await promise;
  } catch (error) {
    if (RecollectError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("runExplorer", () => {
  it("searches, reads and returns a host-resolved complete report", async () => {
    const { store, ids, appId } = setup();
    const authChat = ids.chats.get("auth-2")!;
    const clerkAnswer = ids.messages.get("auth-2#1")!;
    const o = options(store, appId, [
      call("search_chats", { query: "authentication" }),
      call("read_chat", { chat_id: authChat, around_message_id: clerkAnswer }),
      () =>
        submit([{ claim: "Auth now uses Clerk.", candidate_ids: ["c1", "c2"] }], {
          conflicts: [
            { description: "Sessions were replaced by Clerk.", candidate_ids: ["c1", "c3"] },
          ],
        }),
    ]);
    const run = await runExplorer(o);
    const { report, stats } = run;
    expect(report.outcome).toBe("complete");
    expect(report.evidence_only).toBe(false);
    expect(report.archival_content).toBe(true);
    expect(report.findings).toHaveLength(1);
    expect(report.conflicts).toHaveLength(1);
    for (const target of [...report.findings, ...report.conflicts].flatMap((g) => g.evidence)) {
      const row = store.db
        .prepare<[number], { chat_id: number; role: string; created_at: number }>(
          "SELECT chat_id, role, created_at FROM messages WHERE id = ?",
        )
        .get(target.message_id);
      expect(row?.chat_id).toBe(target.chat_id);
      expect(row?.role).toBe(target.role);
      expect(new Date(row!.created_at).toISOString()).toBe(target.created_at);
      expect(target.excerpt.length).toBeLessThanOrEqual(220);
    }
    expect(report.confidence).toBe("high");
    expect(report.action).toBe("answer_from_report");
    expect(stats.searches).toBe(1);
    expect(stats.reads).toBe(1);
    expect(stats.steps).toBe(3);
    expect(stats.attempts).toBe(1);
    expect(stats.dropped_total).toBe(0);
    expect(stats.fallback_used).toBe(false);
    expect(o.progress.map((p) => p.phase)).toEqual([
      "searching",
      "reading",
      "checking_conflicts",
      "synthesizing",
    ]);
    expect(JSON.stringify(o.progress)).not.toMatch(/auth|clerk|session/i);
    expect(JSON.stringify(stats)).not.toMatch(/auth|clerk|session/i);
  });

  it("never returns another app's messages and drops invented and duplicate ids", async () => {
    const { store, appId } = setup();
    const o = options(store, appId, [
      call("search_chats", { query: "authentication magic links" }),
      submit([
        { claim: "a", candidate_ids: ["c1", "c1", "c99", "not-an-id"] },
        { claim: "b", candidate_ids: ["c42"] },
      ]),
    ]);
    const { report, stats } = await runExplorer(o);
    expect(JSON.stringify(report)).not.toMatch(/magic links|Other app/);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]?.evidence).toHaveLength(1);
    expect(stats.dropped_citations).toEqual({
      unknown: 3,
      duplicate: 1,
      other_app: 0,
      deleted: 0,
      over_budget: 0,
    });
    expect(report.outcome).toBe("partial");
    expect(report.partial_reason).toBe("citations_dropped");
    expect(report.confidence).toBe("medium");
  });

  it("does not render a message deleted between observation and report", async () => {
    const { store, ids, appId } = setup();
    const deleted = ids.messages.get("auth-2#1")!;
    const o = options(store, appId, [
      call("search_chats", { query: "Clerk" }),
      () => {
        store.db.prepare("DELETE FROM messages WHERE id = ?").run(deleted);
        return submit([{ claim: "Clerk", candidate_ids: ["c1", "c2"] }]);
      },
    ]);
    const { report, stats } = await runExplorer(o);
    const cited = report.findings.flatMap((f) => f.evidence.map((e) => e.message_id));
    expect(cited).not.toContain(deleted);
    expect(cited).toHaveLength(1);
    expect(stats.dropped_citations.deleted).toBe(1);
  });

  it("bounces once when every citation fails, then falls back to evidence only", async () => {
    const { store, appId } = setup();
    const model = mockModel([
      call("search_chats", { query: "authentication" }),
      submit([{ claim: "MODEL PROSE ONE", candidate_ids: ["c77"] }]),
      submit([{ claim: "MODEL PROSE TWO", candidate_ids: ["c78"] }]),
    ]);
    const o = { ...options(store, appId, []), model };
    const { report, stats } = await runExplorer(o);
    expect(stats.bounces).toBe(1);
    expect(report.evidence_only).toBe(true);
    expect(report.outcome).toBe("partial");
    expect(report.partial_reason).toBe("synthesis_failed");
    expect(report.confidence).toBe("low");
    expect(report.action).toBe("read_targets");
    expect(JSON.stringify(report)).not.toMatch(/MODEL PROSE|sessions to Clerk/);
    expect(report.findings.length).toBeGreaterThan(0);
    expect(model.doStreamCalls).toHaveLength(3);
  });

  it("surfaces a classified provider error when the model fails before any observation", async () => {
    const { store, appId } = setup();
    const fail = () =>
      new APICallError({
        message: "boom",
        url: "http://x",
        requestBodyValues: {},
        statusCode: 503,
      });
    const o = options(store, appId, [{ throws: fail() }, { throws: fail() }]);
    const error = await classifiedFailure(runExplorer(o));
    expect(error.kind).toBe("provider");
    expect(error.message).toBe("The Engine request failed (HTTP 503).");
  });

  it("treats a stream error part after observations as failure → evidence-only partial", async () => {
    const { store, appId } = setup();
    const o = options(store, appId, [
      call("search_chats", { query: "database" }),
      { errorPart: new Error("upstream exploded") },
      { errorPart: new Error("upstream exploded again") },
    ]);
    const { report, stats } = await runExplorer(o);
    expect(report.evidence_only).toBe(true);
    expect(report.summary.startsWith("Evidence only:")).toBe(true);
    expect(stats.model_failures).toBe(2);
    expect(stats.attempts).toBe(2);
    expect(report.findings[0]?.evidence[0]?.excerpt).toMatch(/Postgres|database/i);
  });

  it("a stream error part before observations is a classified error, not a silent no_match", async () => {
    const { store, appId } = setup();
    const o = options(store, appId, [{ errorPart: new Error("x") }, { errorPart: new Error("y") }]);
    const error = await classifiedFailure(runExplorer(o));
    expect(error.kind).toBe("provider");
  });

  it("retries once without duplicating observations or progress events", async () => {
    const { store, appId } = setup();
    const o = options(store, appId, [
      call("search_chats", { query: "authentication" }),
      { errorPart: new Error("flaky") },
      call("search_chats", { query: "  Authentication " }),
      submit([{ claim: "Clerk", candidate_ids: ["c1"] }]),
    ]);
    const { stats } = await runExplorer(o);
    expect(stats.attempts).toBe(2);
    expect(stats.searches).toBe(1);
    expect(stats.deduped_calls).toBe(1);
    const model = o.model as ReturnType<typeof mockModel>;
    const lastUser = (i: number) =>
      JSON.stringify(model.doStreamCalls[i]?.prompt.find((m) => m.role === "user"));
    expect(lastUser(0)).not.toContain("previous attempt");
    expect(lastUser(2)).toContain(
      "A previous attempt ended without an accepted submit_report call.",
    );
    expect(o.progress.map((p) => p.phase)).toEqual([
      "searching",
      "checking_conflicts",
      "synthesizing",
    ]);
  });

  it("aborts mid-stream: rejects with aborted and emits nothing afterwards", async () => {
    const { store, appId } = setup();
    const controller = new AbortController();
    const o = options(
      store,
      appId,
      [call("search_chats", { query: "authentication" }), { hang: true }],
      {
        signal: controller.signal,
      },
    );
    const events: ExploreProgress[] = [];
    const model = o.model;
    const pending = runExplorer({
      ...o,
      model,
      onProgress: (e) => {
        events.push(e);
        if (events.length === 1) setTimeout(() => controller.abort(), 5);
      },
    });
    const error = await classifiedFailure(pending);
    expect(error.kind).toBe("aborted");
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.length).toBe(count);
  });

  it("holds the step budget exactly and forces submit_report on the last step", async () => {
    const { store, appId } = setup();
    const turns: MockTurn[] = Array.from({ length: 9 }, (_, i) =>
      call("search_chats", { query: `term${i}` }),
    );
    turns.push(submit([]));
    const model = mockModel(turns);
    const o = { ...options(store, appId, []), model };
    const { report, stats } = await runExplorer(o);
    expect(model.doStreamCalls).toHaveLength(EXPLORER_BUDGETS.maxSteps);
    expect(model.doStreamCalls[9]?.toolChoice).toEqual({ type: "tool", toolName: "submit_report" });
    expect(model.doStreamCalls[9]?.tools?.map((t) => t.name)).toEqual(["submit_report"]);
    expect(model.doStreamCalls[8]?.toolChoice).toEqual({ type: "auto" });
    expect(stats.steps).toBe(10);
    expect(report.partial_reason).toBe("budget_exhausted");
  });

  it("holds the call budget exactly: 24 executed, the rest refused", async () => {
    const { store, appId } = setup();
    const calls = Array.from({ length: 30 }, (_, i) => ({
      name: "search_chats",
      args: { query: `q${i}` },
    }));
    const o = options(store, appId, [{ calls }, submit([])]);
    const { stats } = await runExplorer(o);
    expect(stats.searches).toBe(24);
    expect(stats.refused_calls).toBe(6);
    expect(stats.budget_exhausted).toBe(true);
  });

  it("holds the aggregate byte budget exactly", async () => {
    const { store, appId } = setup();
    const budgets = { ...EXPLORER_BUDGETS, maxObservationBytes: 700 };
    const o = options(
      store,
      appId,
      [
        call("search_chats", { query: "authentication" }),
        call("search_chats", { query: "database" }),
        call("search_chats", { query: "Clerk" }),
        submit([]),
      ],
      { budgets },
    );
    const { stats } = await runExplorer(o);
    expect(stats.observation_bytes).toBeLessThanOrEqual(700);
    expect(stats.observation_bytes).toBeGreaterThan(0);
    expect(stats.truncated).toBe(true);
    expect(stats.budget_exhausted).toBe(true);
  });

  it("fails with a precondition error when Pro is lost mid-run", async () => {
    const { store, appId } = setup();
    let pro = true;
    const o = options(
      store,
      appId,
      [
        () => {
          pro = false;
          return call("search_chats", { query: "authentication" });
        },
        submit([]),
      ],
      { isPro: () => pro },
    );
    const error = await classifiedFailure(runExplorer(o));
    expect(error.kind).toBe("precondition");
  });

  it("reports no_match (never proof of absence) when nothing relevant is found", async () => {
    const { store, appId } = setup();
    const o = options(store, appId, [
      call("search_chats", { query: "kubernetes" }),
      submit([], { confidence: "high" }),
    ]);
    const { report } = await runExplorer(o);
    expect(report.outcome).toBe("no_match");
    expect(report.action).toBe("no_relevant_history");
    expect(report.confidence).toBe("low");
  });
  it("bounces a submission whose only conflict kept one valid side instead of reporting no_match", async () => {
    const { store, appId } = setup();
    const o = options(store, appId, [
      call("search_chats", { query: "authentication" }),
      call("submit_report", {
        summary: "x",
        findings: [],
        conflicts: [{ description: "d", candidate_ids: ["c1", "c55"] }],
        confidence: "high",
      }),
      submit([{ claim: "Clerk", candidate_ids: ["c1"] }]),
    ]);
    const { report, stats } = await runExplorer(o);
    expect(stats.bounces).toBe(1);
    expect(report.findings).toHaveLength(1);
    expect(report.evidence_only).toBe(false);
  });
});
