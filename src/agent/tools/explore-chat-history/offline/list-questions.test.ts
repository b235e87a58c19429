/**
 * A question that lists subjects ("auth, the database and Kubernetes") is answered for the ones the
 * app holds; a subject it lacks is a gap, not proof that nothing answers. Fixture of our own.
 */
import { describe, expect, test } from "vitest";
import { porterStem } from "../../../../history/search/porter-stem.js";
import { reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { listItems } from "./query-model.js";
import type { RunState } from "./run-state.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const stems = (...words: string[]) => words.map((word) => porterStem(word));

describe("listItems", () => {
  test("splits at commas, 'and', 'or', '/', 'vs'; a plain question is one item", () => {
    expect(listItems("What did we decide about auth, the database and Kubernetes?")).toEqual([
      stems("decide", "auth"),
      stems("database"),
      stems("kubernetes"),
    ]);
    expect(listItems("Did we pick Meilisearch or Algolia?")).toEqual([
      stems("pick", "meilisearch"),
      stems("algolia"),
    ]);
    expect(listItems("Redis vs Valkey / Memcached")).toEqual([
      stems("redis"),
      stems("valkey"),
      stems("memcached"),
    ]);
    expect(listItems("How did we deploy auth on Kubernetes?")).toEqual([
      stems("deploy", "auth", "kubernetes"),
    ]);
  });

  test("a bare keyword query is one item per word; a sentence with function words is not", () => {
    expect(listItems("auth kubernetes terraform")).toEqual([
      stems("auth"),
      stems("kubernetes"),
      stems("terraform"),
    ]);
    expect(listItems("what about auth")).toEqual([stems("auth")]);
  });
});

describe("a list question is answered for the subjects the app holds", () => {
  const history = [
    observation("c1", "Auth: we replace Clerk with Supabase Auth for login.", { via: "read" }),
    observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
  ];
  /** `question` after a search that found c1 and one empty probe per word in `absent`. */
  const asked = (question: string, absent: readonly string[]): RunState =>
    runState(question, history, {
      searches: [
        { query: question, ranked: ["c1"], moreMatches: new Map() },
        ...absent.map((word) => ({ query: word, ranked: [], moreMatches: new Map() })),
      ],
      toolCallCount: 2 + absent.length,
    });
  const cited = (run: RunState) =>
    reportFor(run, DEFAULT_POLICY).findings.flatMap((finding) => finding.candidate_ids);

  test("a listed subject the app lacks is a gap; the held one is still answered", () => {
    for (const question of [
      "auth kubernetes terraform",
      "What about auth, Kubernetes and Terraform?",
    ]) {
      const run = asked(question, ["kubernetes", "terraform"]);
      expect(cited(run)).toEqual(["c1"]);
      const gaps = reportFor(run, DEFAULT_POLICY).missing_coverage.join(" ");
      expect(gaps).toMatch(/\bkubernetes\b/);
      expect(gaps).toMatch(/\bterraform\b/);
    }
  });

  test("one subject qualified by an absent word, or a list of only absent subjects, abstains", () => {
    expect(cited(asked("How did we deploy auth on Kubernetes?", ["deploy", "kubernetes"]))).toEqual(
      [],
    );
    expect(cited(asked("Kubernetes or Terraform?", ["kubernetes", "terraform"]))).toEqual([]);
  });

  test("a listed subject the app says only in a turn never read answers nothing", () => {
    // The probes of "stripe" and "payments" came back empty; "subscriptions" was not probed
    // empty (the app says it somewhere), yet only a turn about adding a button was observed.
    const question = "Did we add Stripe payments or subscriptions?";
    const button = observation("c1", "We add the save button to the feed card.", { via: "read" });
    const renew = observation("c3", "Subscriptions renew monthly.", { chatId: 3, via: "read" });
    const run = (observed: (typeof button)[]) =>
      runState(question, observed, {
        searches: [
          {
            query: question,
            ranked: observed.map((item) => item.candidateId),
            moreMatches: new Map(),
          },
          ...["stripe", "payments"].map((word) => ({
            query: word,
            ranked: [],
            moreMatches: new Map(),
          })),
        ],
        toolCallCount: 4,
      });
    expect(cited(run([button]))).toEqual([]);
    expect(cited(run([button, renew]))).toContain("c3");
  });
});
