/**
 * irregular: a verb's irregular form in the history counts as the question's base form (and the
 * reverse), so a probe never calls the word absent and the message that says it is cited.
 */
import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { probeWords } from "./evidence-strength.js";
import { irregularBase, irregularConflation } from "./irregular-forms.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { rankEvidence } from "./rank-evidence.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

describe("irregular forms", () => {
  test("an irregular form spelled like its base stems to it; others, regular forms and non-verbs stay", () => {
    const base = (term: string) => irregularBase(term, 3);
    expect(["rebuilt", "chose", "chosen", "sent", "spent"].map(base)).toEqual([
      "rebuild",
      "choos",
      "choos",
      "send",
      "spend",
    ]);
    // "left" is more often the remainder than "leave"; "ran" shares one letter with "run".
    expect(["left", "found", "ran"].map(base)).toEqual(["left", "found", "ran"]);
    expect(irregularBase("ran", 1)).toBe("run");
    // Porter already joins regular forms; nouns and stems are left alone.
    expect(["decid", "us", "app", "data", "set"].map(base)).toEqual([
      "decid",
      "us",
      "app",
      "data",
      "set",
    ]);
  });

  test("a pool term joins a question term the pool lacks when they share a verb, either way", () => {
    const map = irregularConflation(["rebuild", "chosen"], ["rebuilt", "choos", "index"], 3);
    expect([...map]).toEqual([
      ["rebuilt", "rebuild"],
      ["choos", "chosen"],
    ]);
    // A question term the pool holds in its own form keeps its own weight: no form joins it.
    expect([...irregularConflation(["sent"], ["sent", "send"], 3)]).toEqual([]);
    // Another stage's mapping of a term wins.
    const taken = new Map([["rebuilt", "x"]]);
    expect(irregularConflation(["rebuild"], ["rebuilt"], 3, taken).get("rebuilt")).toBe("x");
  });

  test("a history that says 'rebuilt' answers a question asking about the rebuild, and no probe is sent", () => {
    const history = [
      observation("c1", "The search index is rebuilt nightly at 03:00 UTC.", { via: "read" }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    const question = "When does the nightly index rebuild happen?";
    const searches = [
      { query: "nightly index rebuild happen", ranked: ["c1"], moreMatches: new Map() },
      { query: "rebuild", ranked: [], moreMatches: new Map() },
    ];
    const run = runState(question, history, { searches, toolCallCount: 4 });
    expect(probeWords(rankEvidence(run, DEFAULT_POLICY), 4)).not.toContain("rebuild");
    expect(reportFor(run, DEFAULT_POLICY).findings.map((f) => f.candidate_ids)).toEqual([["c1"]]);
    const ablated = { ...DEFAULT_POLICY, off: new Set(["irregular" as const]) };
    expect(probeWords(rankEvidence(run, ablated), 4)).toContain("rebuild");
    expect(reportFor(run, ablated).findings).toEqual([]);
  });
});
