/**
 * The per-run observation registry (plan § Evidence Registry and Report Contract). Only the child
 * adapters fill it, and only from typed `SearchChatsResult` / `ReadChatResult` objects. It composes
 * the four concerns, one file each: the observations and their candidate IDs (`observations.ts`),
 * the dedupe cache of repeated calls (`dedupe-cache.ts`), the call and byte accounting
 * (`run-accounting.ts`) and what the child sees of each result (`child-serialization.ts`).
 */

import type {
  IndexStatus,
  ReadChatResult,
  SearchChatsResult,
  SpellingCorrection,
} from "../../../history/types.js";
import {
  type ReadBody,
  type SearchBody,
  serializeRead,
  serializeSearch,
} from "./child-serialization.js";
import { createDedupeCache } from "./dedupe-cache.js";
import { createObservations, type Observation } from "./observations.js";
import { type AccountingBudgets, type CallRefusal, createRunAccounting } from "./run-accounting.js";

export type { ReadBody, SearchBody } from "./child-serialization.js";
export { searchKey } from "./dedupe-cache.js";
export type { Observation } from "./observations.js";
export type { CallRefusal } from "./run-accounting.js";

/** Corrections a report lists at most: a query's own term cap (`MAX_QUERY_TERMS`). */
const MAX_REPORTED_CORRECTIONS = 12;

/** Privacy-safe run counts: numbers and statuses only. */
export interface RegistryStats {
  readonly searches: number;
  readonly reads: number;
  /** Repeats answered from the registry. */
  readonly dedupedCalls: number;
  /** Calls refused by the call or byte budget. */
  readonly refusedCalls: number;
  /** Executed calls that failed (not found, invalid input). They count against `maxCalls`. */
  readonly failedCalls: number;
  /**
   * Of those, calls that failed for an internal reason (not the request's): what they would have
   * returned is missing, so the report cannot be complete.
   */
  readonly internalFailures: number;
  readonly observations: number;
  readonly observationBytes: number;
  /** Distinct chats read. */
  readonly discussions: number;
  /** Distinct chats with at least one observation. */
  readonly chats: number;
  /** `indexing` if any search in the run saw an incomplete index. */
  readonly indexStatus: IndexStatus;
  /** Largest pending (unindexed) message count any search reported. */
  readonly pendingCount: number;
  /** A result was truncated at its bound, or entries were withheld by a byte cap. */
  readonly truncated: boolean;
  /** A call or byte budget refused or trimmed something. */
  readonly budgetExhausted: boolean;
}

/** The registry's interface; create one per explorer run with {@link createEvidenceRegistry}. */
export interface EvidenceRegistry {
  /** A previous answer for the same normalized key, or undefined. Counts a dedupe when found. */
  cachedSearch(key: string): SearchBody | undefined;
  cachedRead(key: string): ReadBody | undefined;
  /** Null when a call may run now (its slot is reserved); otherwise why not (refusal counted). */
  admitCall(): CallRefusal | null;
  /** Registers a search result under `key` and returns the child-visible body. */
  recordSearch(key: string, result: SearchChatsResult): SearchBody;
  /** Registers a read result under `key` and returns the child-visible body. */
  recordRead(key: string, result: ReadChatResult): ReadBody;
  /** Counts an executed call that failed; `internal` when not for the request's reason. */
  recordFailedCall(internal?: boolean): void;
  get(candidateId: string): Observation | undefined;
  /** Every observation, in registration order. */
  observations(): readonly Observation[];
  /**
   * The run's spelling corrections, first per misspelled word, in search order (≤ 12). Kept out of
   * {@link RegistryStats}: `to` is a word of the archive, and stats feed progress events.
   */
  corrections(): readonly SpellingCorrection[];
  callsLeft(): number;
  bytesLeft(): number;
  stats(): RegistryStats;
}

/**
 * Creates an empty registry for one run. Budgets default to none here: the explorer passes
 * `EXPLORER_BUDGETS` (96 KB aggregate, 24 calls, 12/20 KB per call).
 */
export function createEvidenceRegistry(budgets: AccountingBudgets): EvidenceRegistry {
  const observations = createObservations();
  const searches = createDedupeCache<SearchBody>();
  const reads = createDedupeCache<ReadBody>();
  const accounting = createRunAccounting(budgets);
  const chatsRead = new Set<number>();
  let searchCount = 0;
  let readCount = 0;
  let indexStatus: IndexStatus = "ready";
  let pendingCount = 0;
  const corrections = new Map<string, SpellingCorrection>();

  return {
    cachedSearch: (key) => searches.get(key),
    cachedRead: (key) => reads.get(key),
    admitCall: () => accounting.admitCall(),
    recordSearch(key, result) {
      searchCount += 1;
      if (result.index_status === "indexing") indexStatus = "indexing";
      pendingCount = Math.max(pendingCount, result.pending_count);
      if (result.truncated) accounting.markTruncated();
      for (const correction of result.corrections ?? []) {
        if (!corrections.has(correction.from) && corrections.size < MAX_REPORTED_CORRECTIONS)
          corrections.set(correction.from, correction);
      }
      const body = serializeSearch(result, accounting.spenderFor("search"), observations);
      searches.set(key, body);
      return body;
    },
    recordRead(key, result) {
      readCount += 1;
      chatsRead.add(result.chat_id);
      if (result.truncated) accounting.markTruncated();
      const body = serializeRead(result, accounting.spenderFor("read"), observations);
      reads.set(key, body);
      return body;
    },
    recordFailedCall: (internal) => accounting.recordFailedCall(internal),
    get: (candidateId) => observations.get(candidateId),
    observations: () => observations.all(),
    corrections: () => [...corrections.values()],
    callsLeft: () => accounting.callsLeft(),
    bytesLeft: () => accounting.bytesLeft(),
    stats: () => ({
      searches: searchCount,
      reads: readCount,
      dedupedCalls: searches.hits() + reads.hits(),
      ...accounting.counts(),
      observations: observations.all().length,
      discussions: chatsRead.size,
      chats: observations.chatCount(),
      indexStatus,
      pendingCount,
    }),
  };
}
