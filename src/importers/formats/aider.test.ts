import { describe, expect, it } from "vitest";
import { describeRequiring, SHARED_CORPUS } from "../../test/require-resource.js";
import { corpusFile, readCorpus } from "../testing/corpus.js";
import { parseAider } from "./aider.js";

function parseCorpus(name: string) {
  return parseAider(corpusFile("aider", name), readCorpus("aider", name), 0);
}
const summary = (chats: ReturnType<typeof parseCorpus>) =>
  chats.map((chat) => [
    new Date(chat.createdAtMs).toISOString(),
    chat.messages.filter((message) => message.role === "user").length,
    chat.messages.filter((message) => message.role === "assistant").length,
  ]);

describeRequiring([SHARED_CORPUS], "parseAider on the real corpus", () => {
  it("one chat per session; a session with only aider output makes none", () => {
    const chats = parseCorpus("Ahmedrali__rfp_response_platform__.aider.chat.history.md");
    expect(summary(chats)).toEqual([["2025-05-23T18:13:33.000Z", 8, 3]]);
    // `/code X` is logged again as `X`: stored once, with its command.
    expect(chats[0]!.messages[0]!.content.startsWith("/code Help me set up a FastAPI")).toBe(true);
    expect(chats[0]!.messages[1]!.content.startsWith("Help me set up")).toBe(false);
    expect(chats[0]!.title).toBe(
      "Help me set up a FastAPI application foundation with the following requirements:",
    );
    expect(chats[0]!.externalId).toBe(
      "Ahmedrali__rfp_response_platform__.aider.chat.history.md#2025-05-23 18:13:33",
    );
  });

  it("drops `> ` tool lines and ends a reply at `> Tokens:` even inside a cut-off fence", () => {
    const chats = parseCorpus("Ahmedrali__rfp_response_platform__backend__.aider.chat.history.md");
    expect(summary(chats)).toEqual([
      ["2025-05-24T16:38:38.000Z", 7, 6],
      ["2025-05-24T16:50:45.000Z", 5, 9],
      ["2025-05-24T19:05:24.000Z", 3, 3],
      ["2025-05-24T19:12:54.000Z", 12, 15],
      ["2025-05-24T19:50:06.000Z", 6, 5],
      ["2025-05-24T22:28:23.000Z", 13, 15],
    ]);
    // The architect reply echoed back as `#### ` lines is stored once, as the assistant's.
    const apology = chats[3]!.messages.filter((message) =>
      message.content.startsWith("My apologies for the timeout. Let's continue."),
    );
    expect(apology.map((message) => message.role)).toEqual(["assistant"]);
    // `> Tokens:` ends a reply: the architect's answer after the previous one is its own
    // message, and its re-fed copy is dropped as an echo.
    const reviewed = chats[0]!.messages.filter((message) =>
      message.content.includes("Okay, I've reviewed `backend/main.py`."),
    );
    expect(reviewed.map((message) => [message.role, message.content.slice(0, 38)])).toEqual([
      ["assistant", "Okay, I've reviewed `backend/main.py`."],
    ]);
    for (const chat of chats) {
      for (const message of chat.messages) {
        if (message.role === "assistant") expect(message.content).not.toMatch(/^(#### |> Tokens)/m);
      }
    }
  });

  it("four sessions of HaaV; user text without the `#### ` prefix", () => {
    const chats = parseCorpus("AndreasDebel__HaaV-CatalogService__.aider.chat.history.md");
    expect(summary(chats)).toEqual([
      ["2025-10-20T09:12:37.000Z", 2, 1],
      // 27: "    ?? throw …", the second line of a shell command aider offered, is its output.
      ["2025-11-03T16:23:31.000Z", 37, 27],
      ["2025-11-04T14:22:20.000Z", 11, 1],
      ["2025-11-04T14:37:19.000Z", 32, 14],
    ]);
    expect(chats[3]!.messages[0]!.content).toBe("/ask what is a cafe latte?");
    expect(chats[3]!.title).toBe("what is a cafe latte?");
  });
});

describe("parseAider on synthetic input", () => {
  it("keeps multi-line user input together and `####` lines inside a reply's fence as content", () => {
    const text = [
      "",
      "# aider chat started at 2026-02-03 04:05:06",
      "",
      "> Aider v0.86.1  ",
      "",
      "#### first line  ",
      "#### second line  ",
      "",
      "Here is the README:",
      "",
      "README.md",
      "```",
      "#### Install",
      "> quoted",
      "```",
      "",
      "> Tokens: 1k sent, 2 received.  ",
      "",
      "#### thanks  ",
    ].join("\n");
    const [chat] = parseAider("/repo/.aider.chat.history.md", text, 0);
    expect(chat!.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "first line\nsecond line"],
      ["assistant", "Here is the README:\n\nREADME.md\n```\n#### Install\n> quoted\n```"],
      ["user", "thanks"],
    ]);
    expect(chat!.messages.map((message) => message.createdAtMs - chat!.createdAtMs)).toEqual([
      0, 1, 2,
    ]);
  });

  it("drops the indented lines of a multi-line shell command aider offers to run", () => {
    const text = [
      "# aider chat started at 2025-01-02 03:04:05",
      "#### how should we read the connection string?  ",
      "",
      "Use the .NET configuration.",
      "",
      "> Tokens: 1k sent, 2 received.  ",
      '> var s = Environment.GetEnvironmentVariable("MONGO")  ',
      '    ?? throw new InvalidOperationException("MONGO is required");  ',
      "> Run shell commands? (Y)es/(N)o [Yes]: n  ",
      "",
      "#### thanks  ",
      "",
      "    indented reply after a blank line",
    ].join("\n");
    const [chat] = parseAider("/repo/.aider.chat.history.md", text, 0);
    expect(chat!.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "how should we read the connection string?"],
      ["assistant", "Use the .NET configuration."],
      ["user", "thanks"],
      ["assistant", "indented reply after a blank line"],
    ]);
  });

  it("stores no message for an empty input, which aider logs as `#### <blank>`", () => {
    const text = [
      "# aider chat started at 2025-01-02 03:04:05",
      "",
      "#### <blank>  ",
      "",
      "#### does the config load now?  ",
      "",
      "Yes: it loads from `config.json`.",
      "",
      "> Tokens: 1k sent, 2 received.  ",
    ].join("\n");
    const [chat] = parseAider("/repo/.aider.chat.history.md", text, 0);
    expect(chat!.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "does the config load now?"],
      ["assistant", "Yes: it loads from `config.json`."],
    ]);
    expect(chat!.title).toBe("does the config load now?");
  });
});
