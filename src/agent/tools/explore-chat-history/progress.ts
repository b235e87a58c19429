/**
 * Action-level progress for the explorer (plan § User Experience, Pending state). Events carry a
 * phase and counts only: never archival text, titles, ids or the query (DESIGN.md § Privacy).
 * The host derives them from registry state, so a model retry cannot duplicate one.
 */

/** The phases the card shows, in the order a run normally passes through them. */
export const EXPLORE_PHASES = [
  "searching",
  "reading",
  "checking_conflicts",
  "synthesizing",
] as const;
export type ExplorePhase = (typeof EXPLORE_PHASES)[number];

/**
 * One progress event. Counts are run totals so far: `searches` and `reads` are executed (not
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

/** The counts progress is derived from (a subset of the registry's stats). */
export interface ProgressCounts {
  readonly searches: number;
  readonly reads: number;
  readonly discussions: number;
  readonly observations: number;
}

/** Builds a progress event from counts; pure. */
export function progressEvent(phase: ExplorePhase, counts: ProgressCounts): ExploreProgress {
  return {
    phase,
    searches: counts.searches,
    reads: counts.reads,
    discussions: counts.discussions,
    observations: counts.observations,
  };
}

/**
 * Emits a progress event only when it differs from the last one emitted, so repeated (deduped or
 * retried) calls produce no duplicate events. Returns the function to call with each new event.
 */
export function createProgressEmitter(
  emit: (event: ExploreProgress) => void,
): (event: ExploreProgress) => void {
  let last: string | null = null;
  return (event) => {
    const key = `${event.phase}:${event.searches}:${event.reads}:${event.discussions}:${event.observations}`;
    if (key === last) return;
    last = key;
    emit(event);
  };
}

/** English phase text for the CLI (the web app localizes its own). `reads` pluralizes. */
export function describeProgress(event: ExploreProgress): string {
  switch (event.phase) {
    case "searching":
      return `Searching prior chats… (${event.searches} ${event.searches === 1 ? "search" : "searches"})`;
    case "reading":
      return `Reading ${event.discussions} relevant ${event.discussions === 1 ? "discussion" : "discussions"}…`;
    case "checking_conflicts":
      return "Checking conflicting decisions…";
    case "synthesizing":
      return `Synthesizing evidence… (${event.observations} observed ${event.observations === 1 ? "message" : "messages"})`;
  }
}
