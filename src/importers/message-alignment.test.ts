import { describe, expect, it } from "vitest";
import type { StoredImportMessage } from "../store/catalog/chat-writes.js";
import type { ImportedMessage } from "./imported-chat.js";
import { alignMessages } from "./message-alignment.js";
import { sameMessage } from "./message-prefix.js";

/**
 * Messages from letters, each letter's role fixed by its code (odd: `user`), so a message keeps
 * its role wherever it moves; `stored` ones get ids 1, 2, 3…
 */
const parsed = (letters: string): ImportedMessage[] =>
  [...letters].map((content) => ({
    role: content.charCodeAt(0) % 2 === 1 ? "user" : "assistant",
    content,
    createdAtMs: 1,
    aiMessagesJson: null,
    isCompactionSummary: false,
  }));
const stored = (letters: string): StoredImportMessage[] =>
  parsed(letters).map((message, index) => ({
    id: index + 1,
    role: message.role,
    content: message.content,
    created_at: 1,
    ai_messages_json: null,
    is_compaction_summary: 0,
  }));
const align = (before: string, after: string) =>
  alignMessages(stored(before), parsed(after), sameMessage);

describe("alignMessages: which stored rows a rewritten chat keeps", () => {
  it("an edited early message is rewritten in its row; every later row is kept", () => {
    expect(align("abcdef", "aXcdef")).toEqual({
      update: [{ stored: 1, incoming: 1 }],
      remove: [],
      append: [],
    });
  });

  it("an edited last message takes a fresh row: its old id reads as not found", () => {
    expect(align("abcd", "abcX")).toEqual({ update: [], remove: [3], append: [3] });
  });

  it("a dropped message is deleted alone; an appended one goes after the kept rows", () => {
    expect(align("abcdef", "abdefg")).toEqual({ update: [], remove: [2], append: [5] });
  });

  it("more new messages than rows between kept ones: rewritten from there on", () => {
    expect(align("abcd", "aXYbcd")).toEqual({
      update: [],
      remove: [1, 2, 3],
      append: [1, 2, 3, 4, 5],
    });
  });

  it("a kept message whose time changed is rewritten in place", () => {
    const later = parsed("ab").map((message, index) =>
      index === 1 ? { ...message, createdAtMs: 2 } : message,
    );
    expect(alignMessages(stored("ab"), later, sameMessage)).toEqual({
      update: [{ stored: 1, incoming: 1 }],
      remove: [],
      append: [],
    });
  });
});
