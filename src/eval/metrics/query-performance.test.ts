import { describe, expect, it } from "vitest";
import { rocAuc } from "./held-out-auc.js";
import { buildCollection, PREDICTORS, queryPerformance } from "./query-performance.js";

// Four messages: "kafka" is said in two, "postgres" in one, "zebra" nowhere.
const collection = buildCollection([
  "We chose kafka for the event queue",
  "kafka retention is seven days",
  "postgres stores the invoices",
  "the deploy runs every night",
]);

describe("buildCollection", () => {
  it("counts document and collection frequencies over the index's stemmed terms", () => {
    expect(collection.df.get("kafka")).toBe(2);
    expect(collection.cf.get("kafka")).toBe(2);
    expect(collection.df.get("invoic")).toBe(1);
    expect(collection.docs).toHaveLength(4);
  });
});

describe("queryPerformance", () => {
  it("gives idf ln(N/df), and a term no message holds the idf of half a message", () => {
    expect(queryPerformance("kafka", collection).maxIdf).toBeCloseTo(Math.log(4 / 2), 10);
    expect(queryPerformance("zebra", collection).maxIdf).toBeCloseTo(Math.log(4 / 0.5), 10);
  });

  it("scores SCQ as (1 + ln cf)·ln(1 + N/df), 0 for an unseen term", () => {
    const scq = (1 + Math.log(2)) * Math.log(1 + 4 / 2);
    expect(queryPerformance("kafka", collection).maxScq).toBeCloseTo(scq, 10);
    expect(queryPerformance("kafka zebra", collection).avgScq).toBeCloseTo(scq / 2, 10);
  });

  it("measures query scope as −ln(share of messages holding any term)", () => {
    expect(queryPerformance("kafka postgres", collection).queryScope).toBeCloseTo(
      -Math.log(3 / 4),
      10,
    );
  });

  it("predicts a question whose terms a message holds as easier than one about an unseen word", () => {
    const held = queryPerformance("kafka retention", collection);
    const unseen = queryPerformance("zebra giraffe", collection);
    expect(held.wig).toBeGreaterThan(unseen.wig);
    expect(held.nqc).toBeGreaterThan(unseen.nqc);
  });

  it("measures Clarity as the feedback model's divergence from the app's: 0 when they are one", () => {
    const single = buildCollection(["kafka retention is seven days"]);
    expect(queryPerformance("kafka", single).clarity).toBeCloseTo(0, 12);
    expect(queryPerformance("kafka", collection).clarity).toBeGreaterThan(0);
  });

  it("is all zeros for a question with no content term", () => {
    const values = queryPerformance("what did we do", collection);
    expect(PREDICTORS.map((name) => values[name])).toEqual(PREDICTORS.map(() => 0));
  });

  it("separates a fixture's answerable from its absent questions by WIG", () => {
    const found = ["kafka retention", "postgres invoices", "deploy night"];
    const absent = ["zebra", "giraffe migration"];
    const wig = (question: string) => queryPerformance(question, collection).wig;
    expect(rocAuc(absent.map(wig), found.map(wig))).toBe(1);
  });
});
