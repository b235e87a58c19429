import { describe, expect, test } from "vitest";
import { questionAspects } from "./question-aspects.js";
import { topicWords } from "./text-terms.js";

const aspects = (question: string) => [...questionAspects(question, topicWords(question))];

describe("questionAspects", () => {
  test.each([
    ["how are tasks stored?", ["stored"]],
    ["how should we deploy the website?", ["deploy"]],
    ["how is the catalog service deployed?", ["deployed"]],
    ["do we ever ping users in the evening?", ["ping"]],
    // Choosing verbs are the decision itself, never an aspect.
    ["What railgun numbers did we land on earlier in this chat?", []],
    ["did we switch to Postgres?", []],
    // No verb among the keywords, or only verbs: nothing changes.
    ["What did we decide about authentication?", []],
    ["why not real time?", []],
    ["how is the speed?", []],
  ])("%s", (question, expected) => {
    expect(aspects(question)).toEqual(expected);
  });
});
