/**
 * `recollect search`'s view says which word it searched in place of one the app never holds, as
 * `explore` does: a person who typed "colours" sees the results are for the app's "colors".
 */
import { describe, expect, it } from "vitest";
import { searchChats } from "../../history/search/search-chats.js";
import { createHistoryFixture, indexFixture } from "../../history/testing/history-fixture.js";
import { formatSearch } from "./search.js";

describe("recollect search's corrections line", () => {
  it("names the app's word before the results, and nothing when none was needed", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Palette", 1_000);
    fixture.message(chat, "user", "Brand colors: Deep Purple and Teal; auth stays on Clerk.");
    await indexFixture(fixture);
    const context = {
      store: fixture.store,
      appId: app,
      currentChatId: null,
      currentMessageId: null,
    };
    const first = async (query: string) =>
      formatSearch(await searchChats(context, { query })).split("\n")[0];
    expect(await first("brand colours authentcation")).toBe(
      "(searched colors for colours, auth for authentcation: this app's own word)",
    );
    expect(await first("brand colors")).toMatch(/^#\d+ {2}Palette/);
  });
});
