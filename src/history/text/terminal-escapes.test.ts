import { describe, expect, it } from "vitest";
import { createIndexer } from "../indexer/create-indexer.js";
import { projectMessage } from "../projection/project-message.js";
import { extractTerms } from "../search/extract-terms.js";
import { searchChats } from "../search/search-chats.js";
import { createHistoryFixture } from "../testing/history-fixture.js";
import { contentTerms } from "./content-terms.js";
import { withoutTerminalEscapes } from "./terminal-escapes.js";

const ESC = "\x1b";

describe("withoutTerminalEscapes", () => {
  it.each([
    ["colour codes around a word", `${ESC}[31mauth${ESC}[0m`, "auth"],
    ["clear screen, cursor and private modes", `${ESC}[2J${ESC}[1;1H${ESC}[?25lok`, "ok"],
    ["the 8-bit CSI", "\x9b1mbold\x9b0m", "bold"],
    [
      "a hyperlink (OSC 8, BEL and ST ends)",
      `${ESC}]8;;https://x.test${ESC}\\link${ESC}]8;;\x07`,
      "link",
    ],
    ["a window title", `${ESC}]0;build: secret title\x07done`, "done"],
    ["a charset designation between two words", `a ${ESC}(Bb`, "a b"],
    ["a colour change inside a run of letters splits it", `cooldown${ESC}[31mRED`, "cooldown RED"],
    ["a colour code before punctuation leaves nothing", `${ESC}[1mError${ESC}[0m: x`, "Error: x"],
    ["an unterminated control string loses only its introducer", `${ESC}]title auth`, "title auth"],
    [
      "a lone ESC before a space stays (typed text, not a sequence)",
      `lone ${ESC} end`,
      `lone ${ESC} end`,
    ],
    ["text without ESC is returned as is", "[31m is just text", "[31m is just text"],
  ])("%s", (_name, input, expected) => {
    expect(withoutTerminalEscapes(input)).toBe(expected);
  });

  it("stays linear on many unterminated control strings", () => {
    const hostile = `${ESC}]`.repeat(50_000);
    const started = performance.now();
    expect(withoutTerminalEscapes(hostile)).toBe("");
    // Generous: a quadratic scan of 100k characters takes seconds, a linear one milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("escape codes are no words", () => {
  const question = `${ESC}[2J${ESC}[31mauth${ESC}[0m kubernetes`;

  it("a question's terms, for the explorer and for the search, skip them", () => {
    expect(contentTerms(question).map((term) => term.word)).toEqual(["auth", "kubernetes"]);
    expect(extractTerms(question).words).toEqual(["auth", "kubernetes"]);
  });

  it("a captured tool output is projected without them, so its coloured word is found", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Test run", 1_000);
    const output = `${ESC}[32m✓${ESC}[39m migrations ${ESC}[1mpassed${ESC}[22m`;
    const id = fixture.message(chat, "assistant", output);
    expect(projectMessage({ source: "jsonl", role: "assistant", content: output }).text).toBe(
      "✓ migrations passed",
    );
    const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    indexer.repair();
    await indexer.drainAll();
    const context = {
      store: fixture.store,
      appId: app,
      currentChatId: null,
      currentMessageId: null,
    };
    const found = await searchChats(context, { query: "passed" });
    expect(found.chats.map((hit) => hit.matches.map((match) => match.message_id))).toEqual([[id]]);
    expect((await searchChats(context, { query: "32m" })).chats).toEqual([]);
  });
});
