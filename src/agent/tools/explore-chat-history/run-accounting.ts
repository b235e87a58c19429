/**
 * The run's call and byte accounting: executed calls are capped at `maxCalls` (a slot is reserved
 * when a call is admitted, synchronously, so parallel calls in one step cannot overshoot);
 * observation bytes are capped per call (12 KB search, 20 KB read) and for the run (96 KB), exactly:
 * an entry that would cross a cap is not sent. Part of the evidence registry (`evidence-registry.ts`).
 */
import type { ExplorerBudgets } from "./budgets.js";

/** Why a call was refused before it ran. */
export type CallRefusal = "calls" | "bytes";

/** The budgets the accounting enforces. */
export type AccountingBudgets = Pick<
  ExplorerBudgets,
  "maxCalls" | "maxObservationBytes" | "maxSearchBytes" | "maxReadBytes"
>;

/**
 * Reserves `bytes` of one call's output; false when they would cross a cap (nothing reserved).
 * A refused `optional` part (default false) marks nothing: the output is not cut without it.
 */
export type ByteSpender = (bytes: number, optional?: boolean) => boolean;

/** The accounting of one run; create with {@link createRunAccounting}. */
export interface RunAccounting {
  /** Null when a call may run now (its slot is reserved); otherwise why not (refusal counted). */
  admitCall(): CallRefusal | null;
  /** A spender for one call's output under its per-call cap and the run's aggregate cap. */
  spenderFor(kind: "search" | "read"): ByteSpender;
  /**
   * Counts an executed call that failed (it still used its slot); `internal` when it failed for a
   * reason of ours (a bug, a missing module), not the request's (not found, invalid input).
   */
  recordFailedCall(internal?: boolean): void;
  /** Marks that a result was cut at its bound. */
  markTruncated(): void;
  callsLeft(): number;
  bytesLeft(): number;
  counts(): {
    readonly refusedCalls: number;
    readonly failedCalls: number;
    readonly internalFailures: number;
    readonly observationBytes: number;
    readonly truncated: boolean;
    readonly budgetExhausted: boolean;
  };
}

/** Fresh accounting for one run under `budgets`. */
export function createRunAccounting(budgets: AccountingBudgets): RunAccounting {
  let admitted = 0;
  let refused = 0;
  let failed = 0;
  let internalFailures = 0;
  let bytes = 0;
  let truncated = false;
  let budgetExhausted = false;
  return {
    admitCall() {
      let refusal: CallRefusal | null = null;
      if (admitted >= budgets.maxCalls) refusal = "calls";
      else if (bytes >= budgets.maxObservationBytes) refusal = "bytes";
      if (refusal) {
        refused += 1;
        budgetExhausted = true;
      } else {
        admitted += 1;
      }
      return refusal;
    },
    spenderFor(kind) {
      const perCallCap = kind === "search" ? budgets.maxSearchBytes : budgets.maxReadBytes;
      let spent = 0;
      return (size, optional = false) => {
        const overRun = bytes + size > budgets.maxObservationBytes;
        if (spent + size > perCallCap || overRun) {
          // An optional part (a hint such as a search's other match ids) is left out, not cut.
          if (optional) return false;
          truncated = true;
          if (overRun) budgetExhausted = true;
          return false;
        }
        spent += size;
        bytes += size;
        return true;
      };
    },
    recordFailedCall(internal = false) {
      failed += 1;
      if (internal) internalFailures += 1;
    },
    markTruncated() {
      truncated = true;
    },
    callsLeft: () => Math.max(0, budgets.maxCalls - admitted),
    bytesLeft: () => Math.max(0, budgets.maxObservationBytes - bytes),
    counts: () => ({
      refusedCalls: refused,
      failedCalls: failed,
      internalFailures,
      observationBytes: bytes,
      truncated,
      budgetExhausted,
    }),
  };
}
