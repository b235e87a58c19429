import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { writeDyadFixture } from "../testing/dyad-fixture.js";
import { createTempDirs } from "../testing/temp-dir.js";
import { readDyadDatabase } from "./dyad.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe("readDyadDatabase", () => {
  it("reads apps, chats and messages; seconds become ms; extra columns are kept", () => {
    const path = join(temp.make(), "sqlite.db");
    writeDyadFixture(path, { modern: true });
    const chats = readDyadDatabase(path);
    expect(
      chats.map((chat) => [chat.externalId, chat.title, chat.createdAtMs, chat.appHint]),
    ).toEqual([
      [
        "shop#10",
        "Checkout flow",
        1767225600000,
        { name: "shop", path: "/apps/shop", origin: "record" },
      ],
      ["shop#11", null, 1767312000000, { name: "shop", path: "/apps/shop", origin: "record" }],
      [
        "blog#20",
        "Comments",
        1767398400000,
        { name: "blog", path: "/apps/blog", origin: "record" },
      ],
    ]);
    expect(chats[0]!.messages[1]).toEqual({
      role: "assistant",
      content: 'Yes.<dyad-write path="src/pay.ts">code</dyad-write>',
      createdAtMs: 1767225602000,
      aiMessagesJson: '{"messages":[]}',
      isCompactionSummary: false,
    });
    // The system row is dropped; the compaction flag survives.
    expect(
      chats[1]!.messages.map((message) => [message.role, message.isCompactionSummary]),
    ).toEqual([
      ["user", false],
      ["assistant", true],
    ]);
  });

  it("reads the minimal (migration 0000) schema without the newer columns", () => {
    const path = join(temp.make(), "sqlite.db");
    writeDyadFixture(path, { modern: false });
    const chats = readDyadDatabase(path);
    expect(chats.map((chat) => chat.messages.length)).toEqual([2, 2, 2]);
    expect(chats[0]!.messages[1]!.aiMessagesJson).toBeNull();
  });

  it("rejects a file that is not SQLite, and a database without Dyad tables", () => {
    const dir = temp.make();
    const notSqlite = join(dir, "x.db");
    writeFileSync(notSqlite, "SQLite format 3\u0000 but not really a database at all");
    expect(() => readDyadDatabase(notSqlite)).toThrow(ImportFormatError);
    const otherDb = join(dir, "other.db");
    const db = new Database(otherDb);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY)");
    db.close();
    expect(() => readDyadDatabase(otherDb)).toThrow(
      `${otherDb}: SQLite database without Dyad's apps/chats/messages tables`,
    );
  });
});
