/**
 * Check 5 — Engine faults: every fault the scripted OpenAI-compatible server can inject (HTTP
 * error statuses, a mid-stream error chunk, a mid-stream disconnect, a connection reset before
 * any byte, a request that never answers, a stream that stalls after its first chunk, malformed
 * tool arguments, an answer that never submits) is played on every request of an explorer run,
 * twice: from the first request (nothing observed yet) and after one successful search (evidence
 * observed). Plan § Budgets and Reliability: before any observation the run must end in a
 * classified error; after, in the labelled evidence-only report; never in a silent `no_match`,
 * an unclassified error, or no end at all (a watchdog aborts a run that outlives its timeouts).
 */
import { EXPLORER_BUDGETS } from "../../src/agent/tools/explore-chat-history/budgets.js";
import { RecollectError } from "../../src/errors/recollect-error.js";
import type { ScriptedTurn } from "../../src/test/scripted-openai-server.js";
import { createCanaryStore } from "../canary-store.js";
import { type ExplorerSettlement, startExplorerOverHttp } from "../explorer-over-http.js";
import { atLeast, atMost, type Figure } from "../figure.js";
import { createRandom } from "../random.js";

/** Options of {@link runEngineFaultCheck}. */
export interface EngineFaultCheckOptions {
  readonly seed: number;
  readonly log: (line: string) => void;
}

/** The explorer's model idle timeout during this check, ms (short, so hangs end quickly). */
const MODEL_IDLE_TIMEOUT_MS = 400;
/** A run still unsettled after this long is hung: the watchdog aborts it and counts it, ms. */
const WATCHDOG_MS = 8_000;

/** Every fault, by name. HTTP statuses are the ones providers really send. */
const FAULTS: Readonly<Record<string, ScriptedTurn>> = {
  ...Object.fromEntries(
    [400, 401, 403, 404, 408, 413, 422, 429, 500, 502, 503, 529].map((status) => [
      `http ${status}`,
      { type: "http-error", status } satisfies ScriptedTurn,
    ]),
  ),
  "mid-stream error chunk": { type: "stream-error", textBeforeError: "Let me" },
  "mid-stream disconnect": { type: "stream-error", mode: "disconnect", textBeforeError: "Let me" },
  "reset before any byte": { type: "reset" },
  "hang past the timeout": { type: "hang" },
  "stall mid-stream past the timeout": { type: "stall", textBeforeStall: "Let me" },
  "malformed tool arguments": { type: "tool-call", name: "submit_report", args: "{not json" },
  "answer without submitting": { type: "text", text: "I think you chose Postgres." },
};

type Expected = "classified_error" | "evidence_only";

interface Verdict {
  readonly ok: boolean;
  readonly silentNoMatch: boolean;
  readonly hung: boolean;
  readonly describe: string;
}

function judge(settled: ExplorerSettlement, expected: Expected, hung: boolean): Verdict {
  if (hung) return { ok: false, silentNoMatch: false, hung, describe: "never settled" };
  if (settled.run !== null) {
    const report = settled.run.report;
    const silentNoMatch = report.outcome === "no_match" && !report.evidence_only;
    const ok = expected === "evidence_only" && report.evidence_only;
    return {
      ok,
      silentNoMatch,
      hung,
      describe: `${report.outcome} report${report.evidence_only ? " (evidence-only)" : ""}`,
    };
  }
  const error = settled.error;
  const kind = RecollectError.isInstance(error) ? error.kind : "unclassified";
  const classified = kind !== "unclassified" && kind !== "internal" && kind !== "aborted";
  return {
    ok: expected === "classified_error" && classified,
    silentNoMatch: false,
    hung,
    describe: `${kind} error`,
  };
}

/** Runs the check and returns its figures. */
export async function runEngineFaultCheck(options: EngineFaultCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  using canary = createCanaryStore(":memory:", random);
  await using http = await startExplorerOverHttp(canary);
  const app = canary.apps[0];
  if (app === undefined) throw new Error("engine-faults: the canary store has no app");
  const search: ScriptedTurn = {
    type: "tool-call",
    name: "search_chats",
    args: { query: "deploy database" },
  };
  let runs = 0;
  let wrong = 0;
  let silentNoMatches = 0;
  let hangs = 0;
  for (const [name, fault] of Object.entries(FAULTS)) {
    for (const expected of ["classified_error", "evidence_only"] as const) {
      const controller = new AbortController();
      let hung = false;
      const watchdog = setTimeout(() => {
        hung = true;
        controller.abort();
      }, WATCHDOG_MS);
      const settled = await http.explore({
        app,
        query: "what did we decide about the database?",
        script: (index) => (expected === "evidence_only" && index === 0 ? search : fault),
        signal: controller.signal,
        budgets: { ...EXPLORER_BUDGETS, modelIdleTimeoutMs: MODEL_IDLE_TIMEOUT_MS },
      });
      clearTimeout(watchdog);
      runs += 1;
      const verdict = judge(settled, expected, hung);
      if (!verdict.ok) {
        wrong += 1;
        options.log(`  ${name}, expected ${expected.replace("_", " ")}: got ${verdict.describe}`);
      }
      if (verdict.silentNoMatch) silentNoMatches += 1;
      if (verdict.hung) hangs += 1;
    }
  }
  const kinds = Object.keys(FAULTS).length;
  return [
    atLeast("fault kinds played (before and after an observation)", kinds, kinds, "kinds"),
    atMost(
      "faulted runs not ending as expected (classified error / evidence-only)",
      wrong,
      0,
      "runs",
    ),
    atMost("faulted runs ending in a silent no_match", silentNoMatches, 0, "runs"),
    atMost("faulted runs that never settled", hangs, 0, "runs"),
    atLeast("faulted runs", runs, kinds * 2, "runs"),
  ];
}
