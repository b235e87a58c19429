/**
 * Every explorer budget in one block, each with its reason (DESIGN.md § explore_chat_history,
 * budget table; plan § Budgets and Reliability: "explicit conservative constants, then tune").
 *
 * The per-call output bounds are the retrieval primitives' own (`history/serialize`), imported,
 * not restated; the index wait is the search's own `MAX_INDEX_WAIT_MS`, applied by `searchChats()`.
 */
import { MAX_READ_RESULT_BYTES, MAX_SEARCH_RESULT_BYTES } from "../../../history/index.js";

/** The explorer's budgets; bytes, counts, characters and ms as each line says. */
export const EXPLORER_BUDGETS = {
  /** Model steps across attempts; the last one may only call submit_report. Plan range 8–10. */
  maxSteps: 10,
  /** First attempt + one retry (plan: "One model retry"). */
  maxAttempts: 2,
  /** Executed search + read calls for the run; over it the adapter tells the child to submit. Plan range 20–30. */
  maxCalls: 24,
  /** Observation bytes one search may add: the search result bound (12 KB). */
  maxSearchBytes: MAX_SEARCH_RESULT_BYTES,
  /** Observation bytes one read may add: the read result bound (20 KB). */
  maxReadBytes: MAX_READ_RESULT_BYTES,
  /** Aggregate observation bytes for the run (bounds Engine input); past it only a notice. */
  maxObservationBytes: 96 * 1024,
  /**
   * Longest silence of the Engine's stream, ms: a hung request or a stalled stream fails the
   * attempt instead of holding the run forever. Generous because a local model on a CPU can take
   * a minute to read a long prompt before its first token; far above the 1 s index wait a search
   * may add between a tool call and its result.
   */
  modelIdleTimeoutMs: 120_000,
  /** Serialized report to the primary agent, bytes. */
  maxReportBytes: 6 * 1024,
  /** Findings in a report. */
  maxFindings: 8,
  /** Conflicts in a report. */
  maxConflicts: 4,
  /** Evidence targets per finding or conflict. */
  maxEvidencePerItem: 6,
  /** Evidence excerpt length, characters. */
  maxExcerptChars: 220,
  /** Chat title length in evidence targets, characters (keeps the 6 KB bound reachable). */
  maxTitleChars: 120,
  /** Missing-coverage notes the model may add (host notes come on top). */
  maxModelCoverageNotes: 5,
  /** Bounces of an all-invalid submission before the evidence-only fallback. */
  maxBounces: 1,
} as const;

/** The type of {@link EXPLORER_BUDGETS}; tests pass smaller numbers of the same shape. */
export type ExplorerBudgets = { readonly [K in keyof typeof EXPLORER_BUDGETS]: number };
