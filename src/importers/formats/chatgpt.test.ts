import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { openStore } from "../../store/open-store.js";
import { detectionHeadOf } from "../detection-head.js";
import { detectFormatModule } from "../format-registry.js";
import { importPaths } from "../import-paths.js";
import { CHATGPT_START_S, chatGptExport } from "../testing/chatgpt-fixture.js";
import { createTempDirs } from "../testing/temp-dir.js";
import { parseChatGptExport } from "./chatgpt.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const FILE = "/exports/chatgpt/conversations.json";
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const parse = (value: unknown) => parseChatGptExport(FILE, JSON.stringify(value, null, 2), 0);

describe("parseChatGptExport", () => {
  it("reads each conversation's current branch, without tool traffic, reasoning or hidden turns", () => {
    const [first, second] = parse(chatGptExport());
    expect(first).toMatchObject({
      source: "chatgpt",
      externalId: "67c2f1a0-0000-8000-a000-000000000001",
      title: "Postgres vs SQLite for the app",
      createdAtMs: CHATGPT_START_S * 1000,
      appHint: null,
    });
    expect(
      first!.messages.map((m) => [m.role, m.content, new Date(m.createdAtMs).toISOString()]),
    ).toEqual([
      [
        "user",
        "Should the app use Postgres or SQLite? Schema in the screenshot.",
        iso(CHATGPT_START_S + 10),
      ],
      ["assistant", "Let me check the row counts.", iso(CHATGPT_START_S + 30)],
      ["assistant", "SQLite: one writer and 2 GB of data fit it well.", iso(CHATGPT_START_S + 40)],
      ["user", "Decided: SQLite with WAL.", iso(CHATGPT_START_S + 50)],
      ["assistant", "Noted. Enable WAL at open.", iso(CHATGPT_START_S + 60)],
    ]);
    // No current_node: the newest regeneration at each fork; no title: the first prompt.
    expect([second!.title, second!.messages.map((m) => m.content)]).toEqual([
      "Name for the CLI?",
      ["Name for the CLI?", "recollect"],
    ]);
  });

  it("is recognized by the registry from the file's head, pretty-printed or not", () => {
    for (const text of [
      JSON.stringify(chatGptExport()),
      JSON.stringify(chatGptExport(), null, 2),
    ]) {
      expect(detectFormatModule(detectionHeadOf(FILE, Buffer.from(text)))?.format).toBe("chatgpt");
    }
  });

  it("rejects a cut-off file naming the line, and a malformed conversation naming it", () => {
    const text = JSON.stringify(chatGptExport(), null, 2);
    const cut = text.slice(0, text.length / 2);
    expect(() => parseChatGptExport(FILE, cut, 0)).toThrow(ImportFormatError);
    try {
      parseChatGptExport(FILE, cut, 0);
    } catch (error) {
      expect((error as ImportFormatError).line).toBe(cut.split("\n").length);
    }
    const broken = chatGptExport();
    (broken[1] as { mapping: unknown }).mapping = [];
    expect(() => parse(broken)).toThrow(
      `${FILE}: conversation 1: unexpected shape at mapping: Invalid input: expected record, received array`,
    );
    expect(() => parse({ conversations: [] })).toThrow(
      `${FILE}: not a ChatGPT export (a JSON array of conversations)`,
    );
  });

  it("rejects a message tree that loops instead of running forever", () => {
    const looping = chatGptExport();
    const mapping = looping[0]!.mapping as Record<string, { parent: string | null }>;
    mapping.root!.parent = "a3";
    expect(() => parse(looping)).toThrow(`${FILE}: conversation 0: its message tree loops`);
  });
});

describe("importing a ChatGPT export", () => {
  it("writes one chat per conversation, and a second import changes nothing", () => {
    const dir = temp.make();
    const file = join(dir, "conversations.json");
    writeFileSync(file, JSON.stringify(chatGptExport()));
    using store = openStore({ path: ":memory:" });
    const first = importPaths({ store, paths: [dir], appName: "personal" });
    expect(first.formats).toEqual([
      {
        format: "chatgpt",
        files: 1,
        chats: 2,
        updated: 0,
        messages: 7,
        skipped: 0,
        messagesRemoved: 0,
      },
    ]);
    expect(importPaths({ store, paths: [file], appName: "personal" }).totals).toEqual({
      files: 1,
      chats: 0,
      updated: 0,
      messages: 0,
      skipped: 2,
      messagesRemoved: 0,
    });
  });
});
