import { describe, expect, it } from "vitest";
import { createIndexer } from "../indexer/create-indexer.js";
import { createHistoryFixture } from "../testing/history-fixture.js";
import { extractTerms } from "./extract-terms.js";
import { pruneFrequentTerms } from "./prune-frequent-terms.js";

describe("pruneFrequentTerms", () => {
  it("drops words above the share by the snapshot's stemmed frequency, keeping the rarest if all are", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), null);
    for (let n = 0; n < 10; n += 1) {
      fixture.message(chat, "user", n === 0 ? "updating the deployment" : `the update number ${n}`);
    }
    const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    expect(pruneFrequentTerms(fixture.store.db, extractTerms("the update")).dropped).toEqual([]);
    const stats = await indexer.refreshTermStats();
    expect(stats?.rows).toBe(10);
    expect(stats?.terms.deploy).toBe(1);
    expect(stats?.terms.updat).toBe(10);
    const prune = (query: string) =>
      pruneFrequentTerms(fixture.store.db, extractTerms(query), { share: 0.5 });
    // "the" and "update" (stem "updat", as "updating") are in 10/10 rows, "deployments" in 1/10.
    expect(prune("the updates deployments")).toEqual({
      words: ["deployments"],
      cjkRuns: [],
      phraseWords: ["the", "updates", "deployments"],
      dropped: ["the", "updates"],
    });
    expect(prune("the update")).toEqual({
      words: ["the"],
      cjkRuns: [],
      phraseWords: [],
      dropped: ["update"],
    });
    expect(prune("the 部署").words).toEqual([]);
  });
});
