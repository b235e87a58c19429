import { noiseChats } from "../curated/noise.js";
import { buildApp, buildQuestions } from "../curated/spec.js";
import type { EvalSuite } from "../suite/suite-schema.js";
import { SPROUT_CHATS, SPROUT_QUESTIONS, SPROUT_VOCABULARY } from "./app-sprout.js";

/**
 * The held-out suite (`eval/suites/holdout.json`): one app, 15 questions, 22 noise chats, written
 * after engine tuning against the curated suite began. Report it beside the curated figures; do
 * not tune an engine against it. Pure and deterministic.
 */
export function buildHoldoutSuite(): EvalSuite {
  return {
    version: 1,
    name: "recollect-holdout",
    description:
      "Held-out check: a plant-care app's decisions (February-June 2026) among generated noise chats, written after engine tuning against the curated suite began.",
    apps: [
      buildApp("sprout", "Sprout", [
        ...SPROUT_CHATS,
        ...noiseChats({
          prefix: "sp",
          vocabulary: SPROUT_VOCABULARY,
          count: 22,
          seed: 505,
          from: "2026-02-01T08:00:00Z",
          to: "2026-06-20T20:00:00Z",
        }),
      ]),
    ],
    questions: buildQuestions(SPROUT_CHATS, SPROUT_QUESTIONS),
  };
}

/** The suite as the committed file's text: 2-space JSON plus a trailing newline. */
export function holdoutSuiteText(): string {
  return `${JSON.stringify(buildHoldoutSuite(), null, 2)}\n`;
}
