import { describe, expect, it } from "vitest";
import { createIndexer } from "../indexer/create-indexer.js";
import { createHistoryFixture } from "../testing/history-fixture.js";
import { estimateDocFrequency, sampleDocFrequencies } from "./estimate-doc-frequency.js";

describe("estimateDocFrequency", () => {
  it("is exact below the cap and scales by the rowid range covered at the cap", () => {
    expect(
      estimateDocFrequency({ count: 260, lastRowid: 993_879, limit: 500, maxRowid: 1e6 }),
    ).toBe(260);
    expect(estimateDocFrequency({ count: 500, lastRowid: 1_959, limit: 500, maxRowid: 1e6 })).toBe(
      255_232,
    );
    expect(estimateDocFrequency({ count: 500, lastRowid: 8_356, limit: 500, maxRowid: 1e6 })).toBe(
      59_837,
    );
    expect(estimateDocFrequency({ count: 0, lastRowid: null, limit: 500, maxRowid: 1e6 })).toBe(0);
  });

  it("stays between the count and the row count", () => {
    expect(estimateDocFrequency({ count: 500, lastRowid: 400, limit: 500, maxRowid: 300 })).toBe(
      500,
    );
    expect(estimateDocFrequency({ count: 500, lastRowid: 500, limit: 500, maxRowid: 1_000 })).toBe(
      1_000,
    );
  });
});

describe("sampleDocFrequencies", () => {
  it("counts stemmed title and body rows per word, quoting every word", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), "Deploy notes");
    fixture.message(chat, "user", "we are deploying today");
    fixture.message(chat, "user", "the redis cache");
    fixture.message(chat, "assistant", 'the "quoted" cache');
    const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    const sampled = sampleDocFrequencies(fixture.store.db, ["deploy", "cache", 'x" OR "y', "zz"]);
    expect(sampled).toEqual({
      rows: 3,
      frequencies: [
        { word: "deploy", doc: 3 },
        { word: "cache", doc: 2 },
        { word: 'x" OR "y', doc: 0 },
        { word: "zz", doc: 0 },
      ],
    });
  });

  it("reports zero rows for an empty index", () => {
    using fixture = createHistoryFixture();
    expect(sampleDocFrequencies(fixture.store.db, ["a"])).toEqual({
      rows: 0,
      frequencies: [{ word: "a", doc: 0 }],
    });
  });
});
