import { describe, expect, it } from "vitest";
import { ChatNotFoundError, InvalidInputError } from "../../errors/recollect-error.js";
import { jsonBytes } from "../serialize/json-bytes.js";
import { createHistoryFixture, type HistoryFixture } from "../testing/history-fixture.js";
import type { ReadChatInput, RetrievalContext } from "../types.js";
import { readChat } from "./read-chat.js";

function seed(fixture: HistoryFixture, count: number) {
  const app = fixture.app("a");
  const chat = fixture.chat(app, "Deploy", 5);
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    ids.push(
      fixture.message(chat, n % 2 === 0 ? "user" : "assistant", `message ${n}`, {
        createdAt: n * 1_000,
      }),
    );
  }
  return { app, chat, ids };
}

const ctx = (
  fixture: HistoryFixture,
  appId: number,
  current: [number, number] | null = null,
): RetrievalContext => ({
  store: fixture.store,
  appId,
  currentChatId: current?.[0] ?? null,
  currentMessageId: current?.[1] ?? null,
});

const ids = (result: ReturnType<typeof readChat>) =>
  result.messages.map((message) => message.message_id);

function notFound(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ChatNotFoundError);
    return (error as Error).message;
  }
  throw new Error("expected ChatNotFoundError");
}

describe("readChat", () => {
  it("reads a window around a message, 3 each side by default, ignoring stray offset/limit", () => {
    using fixture = createHistoryFixture();
    const { app, chat, ids: all } = seed(fixture, 12);
    const result = readChat(ctx(fixture, app), {
      chat_id: chat,
      around_message_id: all[6] as number,
      offset: -7,
      limit: 99,
    });
    expect(ids(result)).toEqual(all.slice(3, 10));
    expect([result.has_more_before, result.has_more_after, result.truncated]).toEqual([
      true,
      true,
      false,
    ]);
    expect(result.messages[0]).toEqual({
      message_id: all[3],
      role: "assistant",
      created_at: "1970-01-01T00:00:03.000Z",
      content: "message 3",
      is_compaction_summary: false,
      projection_truncated: false,
    });
    const edge = readChat(ctx(fixture, app), {
      chat_id: chat,
      around_message_id: all[1] as number,
      before: 10,
      after: 0,
    });
    expect(ids(edge)).toEqual(all.slice(0, 2));
    expect([edge.has_more_before, edge.has_more_after]).toEqual([false, true]);
  });

  it("pages with offset/limit (default 0/10)", () => {
    using fixture = createHistoryFixture();
    const { app, chat, ids: all } = seed(fixture, 12);
    const first = readChat(ctx(fixture, app), { chat_id: chat });
    expect(ids(first)).toEqual(all.slice(0, 10));
    expect([first.has_more_before, first.has_more_after]).toEqual([false, true]);
    const last = readChat(ctx(fixture, app), { chat_id: chat, offset: 10, limit: 5 });
    expect(ids(last)).toEqual(all.slice(10));
    expect([last.has_more_before, last.has_more_after]).toEqual([true, false]);
  });

  it("stops current-chat reads below the in-flight message", () => {
    using fixture = createHistoryFixture();
    const { app, chat, ids: all } = seed(fixture, 6);
    const inFlight = all[4] as number;
    const page = readChat(ctx(fixture, app, [chat, inFlight]), { chat_id: chat, limit: 20 });
    expect(ids(page)).toEqual(all.slice(0, 4));
    expect(page.has_more_after).toBe(false);
    const around = readChat(ctx(fixture, app, [chat, inFlight]), {
      chat_id: chat,
      around_message_id: all[3] as number,
    });
    expect(ids(around)).toEqual(all.slice(0, 4));
    expect(around.has_more_after).toBe(false);
  });

  it("answers missing, other-app, other-chat and out-of-window targets with one identical NotFound", () => {
    using fixture = createHistoryFixture();
    const { app, chat, ids: all } = seed(fixture, 6);
    const other = fixture.app("other");
    const otherChat = fixture.chat(other, "Theirs");
    const theirMessage = fixture.message(otherChat, "user", "their secret");
    const expected = `Chat ${chat} was not found in this app.`;
    // Another app's chat, seen from `other` with our chat id, is indistinguishable from a missing id.
    expect(notFound(() => readChat(ctx(fixture, other), { chat_id: chat }))).toBe(expected);
    // With a message named, the answer names both, and still depends only on what was asked.
    expect(
      notFound(() =>
        readChat(ctx(fixture, app), { chat_id: chat, around_message_id: theirMessage }),
      ),
    ).toBe(`Message ${theirMessage} of chat ${chat} was not found in this app.`);
    expect(
      notFound(() => readChat(ctx(fixture, app), { chat_id: chat, around_message_id: 99_999 })),
    ).toBe(`Message 99999 of chat ${chat} was not found in this app.`);
    expect(
      notFound(() => readChat(ctx(fixture, other), { chat_id: chat, around_message_id: 99_999 })),
    ).toBe(`Message 99999 of chat ${chat} was not found in this app.`);
    expect(
      notFound(() =>
        readChat(ctx(fixture, app, [chat, all[2] as number]), {
          chat_id: chat,
          around_message_id: all[2] as number,
        }),
      ),
    ).toBe(`Message ${all[2]} of chat ${chat} was not found in this app.`);
    expect(notFound(() => readChat(ctx(fixture, app), { chat_id: otherChat }))).toBe(
      `Chat ${otherChat} was not found in this app.`,
    );
    expect(notFound(() => readChat(ctx(fixture, app), { chat_id: 424_242 }))).toBe(
      "Chat 424242 was not found in this app.",
    );
  });

  it("returns projections: code and thinking removed, credentials redacted, 2,400 chars a message", () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "key sk-abcdefghijklmnopqrstu");
    fixture.message(
      chat,
      "assistant",
      "<think>hidden</think>Use postgres://u:pw123@db/x\n```sql\nDROP TABLE x;\n```",
    );
    fixture.message(chat, "user", "long ".repeat(1_000));
    const result = readChat(ctx(fixture, app), { chat_id: chat });
    expect(result.chat_title).toBe("key [REDACTED]");
    expect(result.messages[0]?.content).toBe("Use postgres://u:[REDACTED]@db/x\n[code: sql]");
    expect(result.messages[1]?.content.length).toBeLessThanOrEqual(2_400);
    expect(result.messages[1]?.projection_truncated).toBe(true);
  });

  it("stays within 20 KB on oversized input and never drops the target", () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "big");
    const all: number[] = [];
    for (let n = 0; n < 21; n += 1)
      all.push(fixture.message(chat, "user", `${n} ${'😀"'.repeat(2_000)}`));
    const target = all[3] as number;
    const result = readChat(ctx(fixture, app), {
      chat_id: chat,
      around_message_id: target,
      before: 10,
      after: 10,
    });
    expect(jsonBytes(result)).toBeLessThanOrEqual(20 * 1024);
    expect(result.truncated).toBe(true);
    // The nearest neighbours survive on both sides: a contiguous window around the target.
    const kept = ids(result);
    const start = all.indexOf(kept[0] as number);
    expect(kept).toEqual(all.slice(start, start + kept.length));
    expect(kept).toContain(target);
    expect([result.has_more_before, result.has_more_after]).toEqual([true, true]);
    const page = readChat(ctx(fixture, app), { chat_id: chat, limit: 20 });
    expect(jsonBytes(page)).toBeLessThanOrEqual(20 * 1024);
    expect(ids(page)[0]).toBe(all[0]);
    expect(page.has_more_after).toBe(true);
  });

  it.each<[unknown, string]>([
    [{}, "chat_id"],
    [{ chat_id: -1 }, "chat_id"],
    [{ chat_id: 1, around_message_id: 0 }, "around_message_id"],
    [{ chat_id: 1, around_message_id: 2, before: 11 }, "before"],
    [{ chat_id: 1, around_message_id: 2, after: -1 }, "after"],
    [{ chat_id: 1, offset: -1 }, "offset"],
    [{ chat_id: 1, limit: 21 }, "limit"],
    [{ chat_id: 1, around_message_id: 2, focus: "x".repeat(501) }, "focus"],
    [{ chat_id: 1, focus: 7 }, "focus"],
  ])("rejects %j naming %s", (input, argument) => {
    using fixture = createHistoryFixture();
    try {
      readChat(ctx(fixture, fixture.app("a")), input as ReadChatInput);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).argument).toBe(argument);
    }
  });

  it("cuts a long message around the focus words' stretch, and at its head without focus", () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Newsletter", 5);
    const narration = Array.from({ length: 120 }, (_, i) => `Step ${i}: I updated the task.`);
    const pick = "I recommend using MailerLite for this implementation due to its clean REST API.";
    const id = fixture.message(chat, "assistant", [...narration, pick, ...narration].join("\n"));
    const read = (focus?: string) =>
      readChat(ctx(fixture, app), {
        chat_id: chat,
        around_message_id: id,
        before: 0,
        after: 0,
        ...(focus === undefined ? {} : { focus }),
      }).messages[0];
    const focused = read("pick mailerlite mailing list");
    expect(focused?.content).toContain(pick);
    expect(focused?.content.startsWith("…")).toBe(true);
    expect(focused?.projection_truncated).toBe(true);
    for (const unfocused of [read(), read("  ")]) {
      expect(unfocused?.content.startsWith("Step 0:")).toBe(true);
      expect(unfocused?.content).not.toContain("MailerLite");
    }
  });
});
