import { join } from "node:path";
import { expect, it } from "vitest";
import { describeRequiring, SHARED_DATASETS } from "../../test/require-resource.js";
import { loadBeamFolder } from "./index.js";

describeRequiring([SHARED_DATASETS], "loadBeamFolder on the real BEAM-100K dev set", () => {
  it("converts all 20 conversations: 395 scorable questions, 5 without gold skipped", () => {
    const { suite, skipped } = loadBeamFolder(join(SHARED_DATASETS.path, "beam-100k"));
    expect(suite.apps.length).toBe(20);
    expect(suite.apps.reduce((sum, app) => sum + app.chats.length, 0)).toBe(2127);
    expect(suite.questions.length).toBe(395);
    expect(suite.questions.filter((q) => q.expected === "absent").length).toBe(40);
    expect(suite.questions.filter((q) => q.expect_conflict).length).toBe(74);
    expect(skipped).toEqual([
      "beam-9-preference_following-2",
      "beam-18-summarization-1",
      "beam-18-summarization-2",
      "beam-20-summarization-1",
      "beam-20-summarization-2",
    ]);
  });
});
