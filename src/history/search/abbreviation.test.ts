/**
 * Abbreviations in searchChats (abbreviation.ts), over a real store and FTS5 index: a question word
 * the app never holds is searched as the truncation the app writes, never as a dictionary word
 * and never as another app's word.
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

describe("abbreviations in searchChats", () => {
  it("searches a word the app never writes as the abbreviation it does write", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Login", 1_000);
    const id = fixture.message(chat, "user", "Let's do auth with magic links, no passwords.");
    fixture.message(chat, "assistant", "Noted: magic links.");
    await indexFixture(fixture);
    const result = await search(fixture, app, "authentication");
    expect(result.ids).toEqual([id]);
    expect(result.corrections).toEqual([{ from: "authentication", to: "auth" }]);
  });

  it("takes the longest truncation the app holds (config before conf)", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Setup", 1_000);
    fixture.message(chat, "user", "conf files live in etc.");
    const id = fixture.message(chat, "user", "The config loader reads YAML.");
    await indexFixture(fixture);
    const result = await search(fixture, app, "configuration");
    expect(result.corrections).toEqual([{ from: "configuration", to: "config" }]);
    expect(result.ids).toEqual([id]);
  });

  // A truncation that is a dictionary word ("data"), or that the app spells as one ("pretti" is
  // its stem of "pretty"), is another word, not the query's written short.
  it.each([
    ["database", "Charts", "The chart data comes from a CSV file."],
    ["prettier", "Styles", "The buttons look pretty now."],
    // "graphql" is built on "graph": "grap" cuts into that word, and "graps" is a typo of "graphs".
    ["graphql", "Charts", "the graps needs to show wins in green"],
  ])("never searches %s as a short form that is another word", async (query, title, text) => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    fixture.message(fixture.chat(app, title, 1_000), "user", text);
    await indexFixture(fixture);
    expect(await search(fixture, app, query)).toEqual({ ids: [], corrections: [] });
  });

  it("never uses another app's abbreviation", async () => {
    using fixture = createHistoryFixture();
    const other = fixture.app("other");
    fixture.message(fixture.chat(other, "Login", 1_000), "user", "auth goes through Clerk.");
    const app = fixture.app("a");
    fixture.message(fixture.chat(app, "Styles", 1_000), "user", "Buttons are blue.");
    await indexFixture(fixture);
    const result = await search(fixture, app, "authentication");
    expect(result).toEqual({ ids: [], corrections: [] });
  });
});
