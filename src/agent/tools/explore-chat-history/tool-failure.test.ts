/**
 * A search or read that fails for an internal reason (a bug, a module that will not load) is not
 * absorbed: the report is partial with `tool_failed`, never `complete`, names the failure in its
 * coverage without the error's text, and the host hears of the failure (which it logs). A failure
 * for the request's own reason (not found) stays a normal answer to the child.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type RecollectError, toRecollectError } from "../../../errors/recollect-error.js";
import { readChat, searchChats } from "../../../history/index.js";
import type { Store } from "../../../store/open-store.js";
import { createExplorerEngine } from "../../explorer-engine.js";
import type { SearchChatsFunction } from "../history-port.js";
import { createStoreMessageLocator } from "./message-locator.js";
import { logToolFailure, type RunExplorerOptions, runExplorer } from "./run-explorer.js";
import {
  call,
  type MockTurn,
  mockModel,
  retrievalFor,
  standardStore,
} from "./testing/explore-test-fixtures.js";

const open: Store[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

const MODULE_ERROR = "Cannot find module 'an-array-of-english-words'\nRequire stack:\n- /x.js";

/** searchChats whose calls numbered in `failing` (1-based) throw a plain (unclassified) Error. */
function searchFailingOn(failing: ReadonlySet<number>): SearchChatsFunction {
  let calls = 0;
  return async (context, input) => {
    calls += 1;
    if (failing.has(calls)) throw new Error(MODULE_ERROR);
    return searchChats(context, input);
  };
}

function run(
  model: RunExplorerOptions["model"],
  search: SearchChatsFunction,
  query = "What did we decide about authentication?",
) {
  const { store, ids } = standardStore();
  open.push(store);
  const failures: Array<{ tool: string; kind: string }> = [];
  const explored = runExplorer({
    query,
    model,
    retrieval: retrievalFor(store, ids.apps.get("Tasktide")!),
    searchChats: search,
    readChat,
    locate: createStoreMessageLocator(store),
    isPro: () => true,
    signal: new AbortController().signal,
    onToolFailure: (tool, error: RecollectError) => failures.push({ tool, kind: error.kind }),
  });
  return { explored, failures, ids };
}

const submitFirst = (extra: Record<string, unknown> = {}): MockTurn =>
  call("submit_report", {
    summary: "s",
    findings: [{ claim: "c", candidate_ids: ["c1"] }],
    confidence: "high",
    ...extra,
  });

describe("an explorer tool call that fails internally", () => {
  it("makes the report partial (tool_failed), not complete, and is reported to the host", async () => {
    const turns = [
      call("search_chats", { query: "clerk" }),
      call("search_chats", { query: "authentication" }),
      submitFirst(),
    ];
    const { explored, failures } = run(mockModel(turns), searchFailingOn(new Set([1])));
    const { report, stats } = await explored;
    expect([report.outcome, report.partial_reason]).toEqual(["partial", "tool_failed"]);
    expect(report.confidence).not.toBe("high");
    expect(report.action).toBe("read_targets");
    expect(report.missing_coverage.length).toBeGreaterThan(0);
    expect(failures).toEqual([{ tool: "search_chats", kind: "internal" }]);
    expect(stats.failed_calls).toBe(1);
    expect(JSON.stringify(report)).not.toMatch(/Cannot find module|Require stack|an-array/);
  });

  it("with nothing observed, is partial (ask_user), never no_match", async () => {
    const turns = [
      call("search_chats", { query: "authentication" }),
      call("submit_report", { summary: "s", findings: [], confidence: "low" }),
    ];
    const { explored } = run(mockModel(turns), searchFailingOn(new Set([1])));
    const { report } = await explored;
    expect([report.outcome, report.partial_reason, report.action]).toEqual([
      "partial",
      "tool_failed",
      "ask_user",
    ]);
  });

  it("the offline engine's report is partial when one of its searches fails", async () => {
    const model = createExplorerEngine({ kind: "offline" }).languageModel();
    const healthy = run(model, searchChats);
    expect((await healthy.explored).report.partial_reason).not.toBe("tool_failed");
    const broken = run(model, searchFailingOn(new Set([1])));
    const { report } = await broken.explored;
    expect(report.outcome).toBe("partial");
    expect(report.partial_reason).toBe("tool_failed");
    expect(broken.failures).toEqual([{ tool: "search_chats", kind: "internal" }]);
  });

  it("a read of a chat that is not there is the request's failure: the report stays complete", async () => {
    const turns = [
      call("search_chats", { query: "authentication" }),
      call("read_chat", { chat_id: 999_999, offset: 0, limit: 5 }),
      call("search_chats", { query: "clerk" }),
      submitFirst({ findings: [{ claim: "c", candidate_ids: ["c1", "c2"] }] }),
    ];
    const { explored, failures } = run(mockModel(turns), searchChats);
    const { report, stats } = await explored;
    expect(report.outcome).toBe("complete");
    expect(report.partial_reason).toBeUndefined();
    expect(failures).toEqual([]);
    expect(stats.failed_calls).toBe(1);
  });

  it("is logged as one stderr line naming the tool and kind, without the stack", () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      logToolFailure("search_chats", toRecollectError(new Error(MODULE_ERROR)));
      expect(write.mock.calls.map(([line]) => String(line))).toEqual([
        "recollect: explorer search_chats failed (internal): Internal error: Cannot find module 'an-array-of-english-words'\n",
      ]);
    } finally {
      write.mockRestore();
    }
  });
});
