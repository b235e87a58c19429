import { describe, expect, it } from "vitest";
import { createIndexer } from "../indexer/create-indexer.js";
import { createHistoryFixture } from "../testing/history-fixture.js";
import { extractTerms } from "./extract-terms.js";
import { pruneFrequentTerms } from "./prune-frequent-terms.js";
import { selectSearchTerms } from "./select-search-terms.js";

describe("selectSearchTerms", () => {
  it("caps words by sampled frequency on a large enough index and skips an impossible phrase", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), null);
    for (let n = 0; n < 10; n += 1) {
      fixture.message(chat, "user", n < 2 ? `the redis cache ${n}` : `the note ${n}`);
    }
    const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    const { db } = fixture.store;
    const select = (query: string, minRows?: number) =>
      selectSearchTerms(db, pruneFrequentTerms(db, extractTerms(query)), {
        minRows,
        functionWordShare: 0.5,
      });
    // "the" is in 10/10 rows (over the 50% given), "redis" and "cache" in 2/10, "about" nowhere.
    expect(select("the redis cache", 0)).toEqual({
      words: ["redis", "cache"],
      cjkRuns: [],
      phraseWords: ["the", "redis", "cache"],
      dropped: ["the"],
      phraseBonus: true,
    });
    expect(select("about the redis", 0)).toEqual({
      words: ["about", "redis"],
      cjkRuns: [],
      phraseWords: ["about", "the", "redis"],
      dropped: ["the"],
      phraseBonus: false,
    });
    // Below the default 20,000-row floor every word stays.
    expect(select("the redis cache")).toEqual({
      words: ["the", "redis", "cache"],
      cjkRuns: [],
      phraseWords: ["the", "redis", "cache"],
      dropped: [],
      phraseBonus: true,
    });
    expect(select("redis").phraseBonus).toBe(true);
  });
});
