/**
 * What a pending history card shows: the explorer's phase and run counts (plan § User Experience,
 * Pending state). Never archival text, titles, ids or the query (DESIGN.md § Privacy). The
 * explorer derives these values (`agent/tools/explore-chat-history/progress.ts`); the card only
 * carries and validates them.
 */
import { z } from "zod";

/** The phases the card shows, in the order a run normally passes through them. */
export const EXPLORE_PHASES = [
  "searching",
  "reading",
  "checking_conflicts",
  "synthesizing",
] as const;
export type ExplorePhase = (typeof EXPLORE_PHASES)[number];

/**
 * One progress value. Counts are run totals so far: `searches` and `reads` are executed (not
 * deduplicated-away) internal calls, `discussions` distinct chats read, `observations` distinct
 * messages registered as candidates.
 */
export interface ExploreProgress {
  readonly phase: ExplorePhase;
  readonly searches: number;
  readonly reads: number;
  readonly discussions: number;
  readonly observations: number;
}

const runCount = z.number().int().min(0).max(999_999_999);

/** Validates a progress value received from outside the process (counts 0–999,999,999). */
export const exploreProgressSchema = z.object({
  phase: z.enum(EXPLORE_PHASES),
  searches: runCount,
  reads: runCount,
  discussions: runCount,
  observations: runCount,
});
