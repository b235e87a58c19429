/**
 * British and American spellings in searchChats (spelling-variant.ts), over a real store and FTS5
 * index: a word the app never holds is searched as its other national spelling when the app holds
 * that one, in both directions, and never as another app's word.
 */
import { describe, expect, it } from "vitest";
import {
  createHistoryFixture,
  type HistoryFixture,
  indexFixture,
} from "../testing/history-fixture.js";
import { searchIds } from "../testing/search-ids.js";

const search = (fixture: HistoryFixture, appId: number, query: string) =>
  searchIds(fixture.store, appId, query);

describe("spelling variants in searchChats", () => {
  it("searches a British word as the American spelling the app writes, and back", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Palette", 1_000);
    const colors = fixture.message(chat, "user", "Brand colors: Deep Purple #4A0E4E and Teal.");
    const behaviour = fixture.message(
      chat,
      "assistant",
      "The modal's behaviour on close is fixed.",
    );
    await indexFixture(fixture);
    expect(await search(fixture, app, "brand colours")).toEqual({
      ids: [colors],
      corrections: [{ from: "colours", to: "colors" }],
    });
    expect(await search(fixture, app, "behavior")).toEqual({
      ids: [behaviour],
      corrections: [{ from: "behavior", to: "behaviour" }],
    });
  });

  it("never uses another app's spelling", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    fixture.message(fixture.chat(app, "Notes", 1_000), "user", "Ship the release on Friday.");
    const other = fixture.app("b");
    fixture.message(fixture.chat(other, "Palette", 1_000), "user", "Brand colors are purple.");
    await indexFixture(fixture);
    expect(await search(fixture, app, "colours")).toEqual({ ids: [], corrections: [] });
  });
});
