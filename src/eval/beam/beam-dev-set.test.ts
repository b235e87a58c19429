import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadBeamFolder } from "./index.js";

const BEAM_DIR = fileURLToPath(new URL("../../../../shared/datasets/beam-100k", import.meta.url));
const NAME = "loadBeamFolder on the real BEAM-100K dev set";

// Needs ../shared beside the clone: skipped with one line outside CI, failing under CI=true.
// (Switch to the issue-9 describeRequiring() helper once it is on main.)
if (existsSync(BEAM_DIR)) {
  describe(NAME, () => {
    it("converts all 20 conversations: 395 scorable questions, 5 without gold skipped", () => {
      const { suite, skipped } = loadBeamFolder(BEAM_DIR);
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
} else if (process.env.CI === "true" || process.env.CI === "1") {
  describe(NAME, () => {
    it("has the BEAM dev set (CI never skips)", () => {
      throw new Error(`CI=true cannot skip "${NAME}": needs ${BEAM_DIR}`);
    });
  });
} else {
  process.stderr.write(`skipped "${NAME}": needs the BEAM dev set at ${BEAM_DIR}\n`);
  describe.skip(NAME, () => {
    it("needs the BEAM dev set", () => {});
  });
}
