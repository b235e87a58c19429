/**
 * Action-level progress for the explorer (plan § User Experience, Pending state). Events carry a
 * phase and counts only: never archival text, titles, ids or the query (DESIGN.md § Privacy).
 * The host derives them from registry state, so a model retry cannot duplicate one. The shapes
 * themselves belong to the card (`card/explore-progress.ts`).
 */
import {
  EXPLORE_PHASES,
  type ExplorePhase,
  type ExploreProgress,
} from "../../../card/explore-progress.js";

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
 * Wraps `emit` so events only move forward: an event is emitted when a count grew or the phase
 * advanced past the last emitted phase. A deduplicated repeat or a model retry re-running the same
 * calls changes no count, so it emits nothing (plan: "Retry must not duplicate … progress events").
 */
export function createProgressEmitter(
  emit: (event: ExploreProgress) => void,
): (event: ExploreProgress) => void {
  let lastTotal = -1;
  let lastPhase = -1;
  return (event) => {
    const total = event.searches + event.reads + event.discussions + event.observations;
    const phase = EXPLORE_PHASES.indexOf(event.phase);
    if (total <= lastTotal && phase <= lastPhase) return;
    lastTotal = Math.max(lastTotal, total);
    lastPhase = phase;
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
