/**
 * Generic JSONL chats keyed `(app, chat)` across files, through `importPaths` on a real SQLite
 * store: an export regenerated under a new name (or the same file moved) continues the chat and
 * takes it over, an older export left beside it is unchanged, and a file changing a stored
 * message is refused whole while the run's other files import.
 */
import { appendFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { importPaths } from "./import-paths.js";
import { createTempDirs } from "./testing/temp-dir.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

/** One generic JSONL line of app `shop`. */
const line = (chat: string, title: string | null, role: string, content: string, at: unknown) =>
  JSON.stringify({ app: "shop", chat, title, role, content, created_at: at });
const lines = (...all: readonly string[]) => `${all.join("\n")}\n`;

type Store = ReturnType<typeof openStore>;
const chats = (store: Store) =>
  store.db
    .prepare(
      `SELECT c.title, c.source_file AS file, group_concat(m.content, '|') AS messages
         FROM chats c JOIN messages m ON m.chat_id = c.id GROUP BY c.id ORDER BY c.id`,
    )
    .all();

/** 2026-03-01T10:00:00Z in epoch ms. */
const MARCH_FIRST_MS = 1_772_359_200_000;

describe("importPaths with generic JSONL chat keys in several files", () => {
  it("a chat no line titles is titled by its first prompt; a stored title beats that one", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    const untitled = join(dir, "untitled.jsonl");
    const payments = join(dir, "payments.jsonl");
    const continued = join(dir, "payments-2.jsonl");
    writeFileSync(
      untitled,
      lines(line("c9", null, "user", "  Which carrier?  \nDHL or UPS, for EU parcels", 1)),
    );
    writeFileSync(payments, lines(line("c1", "Payments", "user", "Stripe or Paddle?", 2)));
    // The same chat regenerated under a new name, no line titling it, with a new reply.
    writeFileSync(
      continued,
      lines(
        line("c1", null, "user", "Stripe or Paddle?", 2),
        line("c1", null, "assistant", "Stripe.", 3),
      ),
    );
    importPaths({ store, paths: [untitled, payments] });
    const report = importPaths({ store, paths: [continued] });
    expect([report.totals.updated, report.totals.messages]).toEqual([1, 1]);
    // The untitled file gains a title line: the file's own title replaces the derived one.
    appendFileSync(untitled, lines(line("c9", "Shipping", "assistant", "DHL.", 4)));
    importPaths({ store, paths: [untitled] });
    expect(chats(store)).toEqual([
      {
        title: "Shipping",
        file: untitled,
        messages: "  Which carrier?  \nDHL or UPS, for EU parcels|DHL.",
      },
      { title: "Payments", file: continued, messages: "Stripe or Paddle?|Stripe." },
    ]);
  });

  it("an untitled chat's first import stores the first line of its first prompt as its title", () => {
    using store = openStore({ path: ":memory:" });
    const file = join(temp.make(), "untitled.jsonl");
    writeFileSync(
      file,
      lines(
        line("c9", null, "assistant", "Hello.", 1),
        line("c9", null, "user", `${"x".repeat(90)}\nsecond line`, 2),
      ),
    );
    importPaths({ store, paths: [file] });
    expect(chats(store)).toEqual([
      { title: `${"x".repeat(79)}…`, file, messages: `Hello.|${"x".repeat(90)}\nsecond line` },
    ]);
  });

  it("a regenerated export under a new name adds its new messages and takes the chats over", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    const monday = join(dir, "export-2026-12-03.jsonl");
    const tuesday = join(dir, "export-2026-12-04.jsonl");
    writeFileSync(
      monday,
      lines(
        line("c1", "Payments", "user", "Stripe or Paddle?", MARCH_FIRST_MS),
        line("c1", null, "assistant", "Stripe.", MARCH_FIRST_MS + 1),
      ),
    );
    importPaths({ store, paths: [monday] });
    // The same stored messages written differently (an ISO time, a system line, an empty
    // message: none of it stored), then a new message, a new title and a new chat.
    writeFileSync(
      tuesday,
      lines(
        line("c1", null, "system", "You are helpful.", MARCH_FIRST_MS),
        line("c1", "Payments (EU)", "user", "Stripe or Paddle?", "2026-03-01T10:00:00Z"),
        line("c1", null, "assistant", "Stripe.", MARCH_FIRST_MS + 1),
        line("c1", null, "user", "  ", MARCH_FIRST_MS + 2),
        line("c1", null, "user", "And VAT?", MARCH_FIRST_MS + 3),
        line("c2", "Shipping", "user", "Which carrier?", MARCH_FIRST_MS + 4),
      ),
    );

    const report = importPaths({ store, paths: [tuesday] });
    expect(report.failures).toEqual([]);
    expect(report.totals).toEqual({
      files: 1,
      chats: 1,
      updated: 1,
      messages: 2,
      skipped: 0,
      messagesRemoved: 0,
    });
    const updated = [
      { title: "Payments (EU)", file: tuesday, messages: "Stripe or Paddle?|Stripe.|And VAT?" },
      { title: "Shipping", file: tuesday, messages: "Which carrier?" },
    ];
    expect(chats(store)).toEqual(updated);

    // Both exports in their folder: the older one is unchanged and leaves the chat where it is.
    const again = importPaths({ store, paths: [dir] });
    expect(again.failures).toEqual([]);
    expect(again.totals).toEqual({
      files: 2,
      chats: 0,
      updated: 0,
      messages: 0,
      skipped: 3,
      messagesRemoved: 0,
    });
    expect(chats(store)).toEqual(updated);

    // The new export grows: its growth is appended, as for any file imported again.
    appendFileSync(tuesday, lines(line("c1", null, "assistant", "OSS.", MARCH_FIRST_MS + 5)));
    expect(importPaths({ store, paths: [dir] }).totals).toMatchObject({ updated: 1, messages: 1 });
    expect(chats(store)[0]).toMatchObject({ messages: "Stripe or Paddle?|Stripe.|And VAT?|OSS." });
  });

  it("the same file moved is unchanged, and its chats follow it", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    const before = join(dir, "a.jsonl");
    const after = join(dir, "b.jsonl");
    writeFileSync(before, lines(line("c1", "Payments", "user", "Stripe or Paddle?", 1)));
    importPaths({ store, paths: [before] });
    renameSync(before, after);

    const report = importPaths({ store, paths: [after] });
    expect(report.failures).toEqual([]);
    expect(report.totals).toEqual({
      files: 1,
      chats: 0,
      updated: 0,
      messages: 0,
      skipped: 1,
      messagesRemoved: 0,
    });
    expect(chats(store)).toEqual([
      { title: "Payments", file: after, messages: "Stripe or Paddle?" },
    ]);
    appendFileSync(after, lines(line("c1", null, "user", "Stripe.", 2)));
    expect(importPaths({ store, paths: [after] }).totals).toMatchObject({ updated: 1 });
  });

  it("another file changing a stored message is refused saying where; the holder keeps the chat", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    const first = join(dir, "a.jsonl");
    const second = join(dir, "b.jsonl");
    const fresh = join(dir, "c.jsonl");
    writeFileSync(
      first,
      lines(
        line("c1", "Payments", "user", "Stripe or Paddle?", 1),
        line("c1", null, "assistant", "Stripe.", 2),
      ),
    );
    writeFileSync(
      second,
      lines(
        line("c1", "Payments", "user", "Stripe or Paddle?", 1),
        line("c1", null, "assistant", "Paddle.", 2),
        line("c1", null, "user", "Why?", 3),
      ),
    );
    writeFileSync(fresh, lines(line("c2", "Fresh", "user", "fresh start", 9)));
    importPaths({ store, paths: [first] });

    const report = importPaths({ store, paths: [second, fresh] });
    expect(report.failures.map(({ file, line, error }) => [file, line, error.name])).toEqual([
      [second, undefined, "ChatKeyInAnotherFileError"],
    ]);
    expect(report.failures[0]?.error).toMatchObject({
      kind: "invalid_input",
      argument: "paths",
      file: second,
      chatKey: ["shop", "c1"],
      heldBy: first,
      chats: 1,
      differsAtMessage: 2,
      storedMessages: 2,
      fileMessages: 3,
    });
    expect(report.totals).toEqual({
      files: 1,
      chats: 1,
      updated: 0,
      messages: 1,
      skipped: 0,
      messagesRemoved: 0,
    });
    const kept = { title: "Payments", file: first, messages: "Stripe or Paddle?|Stripe." };
    expect(chats(store)).toEqual([kept, { title: "Fresh", file: fresh, messages: "fresh start" }]);

    // The holding file again: unchanged; the refused file still refused.
    expect(importPaths({ store, paths: [first, second] }).totals).toMatchObject({
      files: 1,
      skipped: 1,
    });
    expect(chats(store)[0]).toEqual(kept);
  });
});
