import { describe, expect, it } from "vitest";
import type { ExploreProgress } from "../../../card/explore-progress.js";
import { createProgressEmitter, describeProgress, progressEvent } from "./progress.js";

const counts = (searches: number, reads = 0, discussions = 0, observations = 0) => ({
  searches,
  reads,
  discussions,
  observations,
});

describe("progress", () => {
  it("emits only forward movement: new counts or a later phase", () => {
    const seen: ExploreProgress[] = [];
    const emit = createProgressEmitter((event) => seen.push(event));
    emit(progressEvent("searching", counts(0)));
    emit(progressEvent("searching", counts(1, 0, 0, 3)));
    emit(progressEvent("searching", counts(1, 0, 0, 3))); // a deduplicated repeat
    emit(progressEvent("reading", counts(1, 1, 1, 5)));
    emit(progressEvent("searching", counts(1, 1, 1, 5))); // a retry re-running an old search
    emit(progressEvent("searching", counts(2, 1, 1, 6)));
    emit(progressEvent("synthesizing", counts(2, 1, 1, 6)));
    emit(progressEvent("synthesizing", counts(2, 1, 1, 6)));
    expect(seen.map((e) => `${e.phase}:${e.searches}:${e.reads}`)).toEqual([
      "searching:0:0",
      "searching:1:0",
      "reading:1:1",
      "searching:2:1",
      "synthesizing:2:1",
    ]);
  });

  it("describes phases with counts and no archival text", () => {
    expect(describeProgress(progressEvent("searching", counts(1)))).toBe(
      "Searching prior chats… (1 search)",
    );
    expect(describeProgress(progressEvent("reading", counts(3, 2, 2, 9)))).toBe(
      "Reading 2 relevant discussions…",
    );
    expect(describeProgress(progressEvent("checking_conflicts", counts(3)))).toBe(
      "Checking conflicting decisions…",
    );
    expect(describeProgress(progressEvent("synthesizing", counts(3, 2, 2, 1)))).toBe(
      "Synthesizing evidence… (1 observed message)",
    );
  });
});
