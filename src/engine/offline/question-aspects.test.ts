import { describe, expect, test } from "vitest";
import { questionAspects } from "./question-aspects.js";
import { topicWords } from "./text-terms.js";
import { buildTopicProfile } from "./topic-profile.js";

const aspects = (question: string) => [...questionAspects(question, topicWords(question))];

describe("questionAspects", () => {
  test.each([
    ["how are tasks stored?", ["stored"]],
    ["where is the dashboard hosted?", ["hosted"]],
    // Active questions keep their verb as the topic.
    ["how should we deploy the website?", []],
    ["how is the catalog service deployed?", ["deployed"]],
    ["do we ever ping users in the evening?", []],
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

describe("buildTopicProfile aspects", () => {
  test("a choice question's verb is the choosing, never an aspect", () => {
    expect([...buildTopicProfile("Which Godot version are we pinned to?").aspects]).toEqual([]);
    expect([...buildTopicProfile("Where are recipe photos stored?").aspects]).toEqual(["stored"]);
  });
});
