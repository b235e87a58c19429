import { execFileSync } from "node:child_process";
import { appendFileSync, copyFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { ImportFormatError, InvalidInputError } from "../errors/recollect-error.js";
import { openStore } from "../store/open-store.js";
import { describeRequiring, SHARED_CORPUS } from "../test/require-resource.js";
import { importPaths, startImport } from "./import-paths.js";
import { CORPUS_DIR } from "./testing/corpus.js";
import { writeDyadFixture } from "./testing/dyad-fixture.js";
import { writeSyntheticCorpus } from "./testing/synthetic-histories.js";
import { createTempDirs } from "./testing/temp-dir.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

/** The counts of a first import: nothing was stored, so nothing updated, unchanged or removed. */
const FRESH = { updated: 0, skipped: 0, messagesRemoved: 0 } as const;
/** The counts of a re-import of what is stored: nothing written, nothing removed. */
const UNCHANGED = { chats: 0, updated: 0, messages: 0, messagesRemoved: 0 } as const;

const count = (store: ReturnType<typeof openStore>, table: string) =>
  store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

describeRequiring([SHARED_CORPUS], "importPaths on the whole corpus", () => {
  it("imports every chat file with exact per-format counts and skips the metadata files", () => {
    using store = openStore({ path: ":memory:" });
    const report = importPaths({ store, paths: [CORPUS_DIR] });
    expect(report.formats).toEqual([
      { format: "specstory", files: 37, chats: 37, messages: 428, ...FRESH },
      { format: "claude-code", files: 2, chats: 2, messages: 184, ...FRESH },
      { format: "codex", files: 1, chats: 1, messages: 107, ...FRESH },
      { format: "aider", files: 3, chats: 11, messages: 235, ...FRESH },
      { format: "cline", files: 1, chats: 1, messages: 24, ...FRESH },
    ]);
    expect(report.totals).toEqual({ files: 44, chats: 52, messages: 978, ...FRESH });
    expect(report.failures).toEqual([]);
    expect(
      report.skippedPaths
        .flatMap((s) => (s.reason === "unknown_format" ? [s.path] : []))
        .map((path) => path.slice(CORPUS_DIR.length)),
    ).toEqual([
      "FORMATS.md",
      "SOURCES.md",
      "claude-code-jsonl/Nishanth-sebastin__eagerminds-bookmarks__entire-checkpoints-v1__fe__621fef064f__0__metadata.json",
      "claude-code-jsonl/Ri5ha6h__tan-mapper-app__entire-checkpoints-v1__f0__d2b4c4f77f__2__metadata.json",
      "manifest.json",
      "specstory/0-auth__zero-auth__statistics.json",
      "specstory/Bucur21__PaperBites__statistics.json",
    ]);
    expect(
      store.db
        .prepare(
          `SELECT a.name, count(DISTINCT c.id) AS chats, count(m.id) AS messages FROM apps a
           JOIN chats c ON c.app_id = a.id JOIN messages m ON m.chat_id = c.id
           GROUP BY a.id ORDER BY a.name`,
        )
        .all(),
    ).toEqual([
      { name: "HaaV-CatalogService", chats: 4, messages: 125 },
      { name: "PaperBites", chats: 6, messages: 72 },
      { name: "eagerminds-bookmarks", chats: 1, messages: 171 },
      { name: "fineye", chats: 1, messages: 24 },
      { name: "minsky", chats: 15, messages: 201 },
      { name: "rfp_response_platform", chats: 7, messages: 110 },
      { name: "rtchess", chats: 1, messages: 107 },
      { name: "tan-mapper-app", chats: 1, messages: 13 },
      { name: "yposfgold-community-platform", chats: 12, messages: 138 },
      { name: "zero-auth", chats: 4, messages: 17 },
    ]);
    // Re-import is idempotent: nothing new, every chat skipped, no row written.
    const again = importPaths({ store, paths: [CORPUS_DIR] });
    expect(again.totals).toEqual({ files: 44, skipped: 52, ...UNCHANGED });
    expect(count(store, "messages")).toBe(978);
  });
});

describe("importPaths on a synthetic corpus", () => {
  it("imports every format with exact counts, skips the metadata files, and is idempotent", () => {
    using store = openStore({ path: ":memory:" });
    const corpus = writeSyntheticCorpus(temp.make());
    const report = importPaths({ store, paths: [corpus.dir] });
    expect(report.formats).toEqual([
      { format: "specstory", files: 2, chats: 2, messages: 6, ...FRESH },
      { format: "claude-code", files: 1, chats: 1, messages: 2, ...FRESH },
      { format: "codex", files: 1, chats: 1, messages: 2, ...FRESH },
      { format: "aider", files: 1, chats: 2, messages: 6, ...FRESH },
      { format: "cline", files: 1, chats: 1, messages: 5, ...FRESH },
    ]);
    expect(report.failures).toEqual([]);
    expect(
      report.skippedPaths.flatMap((s) => (s.reason === "unknown_format" ? [s.path] : [])),
    ).toEqual([corpus.claudeCodeMetadata, corpus.specstoryStatistics]);
    expect(
      store.db
        .prepare(
          `SELECT a.name, count(DISTINCT c.id) AS chats, count(m.id) AS messages FROM apps a
           JOIN chats c ON c.app_id = a.id JOIN messages m ON m.chat_id = c.id
           GROUP BY a.id ORDER BY a.name`,
        )
        .all(),
    ).toEqual([
      { name: "Fernwood", chats: 1, messages: 5 },
      { name: "Harborline", chats: 1, messages: 2 },
      { name: "Lanternfish", chats: 2, messages: 6 },
      { name: "Quillmark", chats: 2, messages: 6 },
      { name: "Tidepool", chats: 1, messages: 2 },
    ]);
    const again = importPaths({ store, paths: [corpus.dir] });
    expect(again.totals).toEqual({ files: 6, skipped: 7, ...UNCHANGED });
    expect(count(store, "messages")).toBe(21);
  });
});

describe("importPaths edge cases", () => {
  it("keeps each chat's source and times (ms in the DB)", () => {
    using store = openStore({ path: ":memory:" });
    importPaths({
      store,
      paths: [writeSyntheticCorpus(temp.make()).specstoryCursor],
    });
    expect(
      store.db.prepare("SELECT source, external_id, title, created_at FROM chats").get(),
    ).toEqual({
      source: "specstory",
      external_id: "3f0c2a9e-1b7d-4c55-9e0a-5d2f8b6c1a44",
      title: "which queue for export jobs",
      created_at: Date.parse("2026-03-02T10:15:00Z"),
    });
  });

  it("a JSONL with a broken line 7 is rejected by file and line and writes nothing from it", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    const good = (n: number) =>
      JSON.stringify({ app: "gen", chat: "c", role: "user", content: `m${n}`, created_at: n });
    const lines = [1, 2, 3, 4, 5, 6].map(good);
    writeFileSync(
      join(dir, "broken.jsonl"),
      `${lines.join("\n")}\n{"app":"gen","chat":"c","ro\n${good(8)}\n`,
    );
    writeFileSync(join(dir, "fine.jsonl"), `${good(1)}\n`);
    const report = importPaths({ store, paths: [dir] });
    expect(report.failures.map((failure) => [failure.file, failure.line, failure.reason])).toEqual([
      [join(dir, "broken.jsonl"), 7, "not valid JSON (truncated or corrupt line)"],
    ]);
    expect(report.totals).toEqual({ files: 1, chats: 1, messages: 1, ...FRESH });
    // The broken file's chat shares (app, chat) with fine.jsonl; only fine.jsonl's message exists.
    expect(store.db.prepare("SELECT content FROM messages").pluck().all()).toEqual(["m1"]);
  });

  it("startImport imports one file per step; a run stopped between files reports the rest", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    const files = ["a", "b", "c"].map((name, index) => {
      const file = join(dir, `${name}.jsonl`);
      const line = { app: "gen", chat: name, role: "user", content: name, created_at: index };
      writeFileSync(file, `${JSON.stringify(line)}\n`);
      return file;
    });
    const run = startImport({ store, paths: files });
    expect([run.total, run.importNext()]).toEqual([3, true]);
    const stopped = run.report();
    expect([
      stopped.files.map(({ file }) => file),
      stopped.totals.chats,
      stopped.filesNotImported,
    ]).toEqual([[files[0]], 1, 2]);
    expect(store.db.prepare("SELECT content FROM messages").pluck().all()).toEqual(["a"]);
    while (run.importNext());
    expect([run.importNext(), run.report().totals.files, run.report().filesNotImported]).toEqual([
      false,
      3,
      0,
    ]);
    expect(stopped.files).toHaveLength(1);
  });

  it("an explicit empty, binary or unknown file is a failure; inside a folder it is skipped", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    writeFileSync(join(dir, "empty.md"), "");
    writeFileSync(join(dir, "image.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]));
    writeFileSync(join(dir, "notes.md"), "# just notes\n");
    const explicit = importPaths({
      store,
      paths: ["empty.md", "image.png", "notes.md"].map((name) => join(dir, name)),
    });
    expect(explicit.failures.map((failure) => failure.reason)).toEqual([
      "empty file",
      expect.stringContaining("not a recognized chat history format"),
      expect.stringContaining("not a recognized chat history format"),
    ]);
    expect(explicit.failures[0]!.error).toBeInstanceOf(ImportFormatError);
    copyFileSync(writeSyntheticCorpus(temp.make()).cline, join(dir, "ui_messages.json"));
    const folder = importPaths({ store, paths: [dir] });
    expect(folder.failures).toEqual([]);
    expect(
      folder.skippedPaths.flatMap((s) => (s.reason === "unknown_format" ? [s.path] : [])),
    ).toHaveLength(3);
    expect(folder.totals.chats).toBe(1);
  });

  it("a folder walk skips other SQLite files and the store's own file", () => {
    const dir = temp.make();
    using store = openStore({ path: join(dir, "store.db") });
    writeDyadFixture(join(dir, "dyad.db"), { modern: false });
    const other = new Database(join(dir, "cache.sqlite"));
    other.exec("CREATE TABLE entries (id INTEGER PRIMARY KEY)");
    other.close();
    const report = importPaths({ store, paths: [dir] });
    expect(report.formats).toEqual([{ format: "dyad", files: 1, chats: 3, messages: 6, ...FRESH }]);
    expect(
      report.skippedPaths.flatMap((s) => (s.reason === "unknown_format" ? [s.path] : [])),
    ).toEqual([join(dir, "cache.sqlite")]);
    expect(report.failures).toEqual([]);
  });

  it("another Recollect store is skipped in a folder and rejected by name, its chats not copied", () => {
    const dir = temp.make();
    const otherPath = join(dir, "other.db");
    {
      using other = openStore({ path: otherPath });
      const dyad = join(temp.make(), "dyad.db");
      writeDyadFixture(dyad, { modern: true });
      expect(importPaths({ store: other, paths: [dyad] }).totals.chats).toBe(3);
    }
    // A store made before the mark (no application id, no migrations table) is one too.
    const unmarkedPath = join(dir, "unmarked.db");
    copyFileSync(otherPath, unmarkedPath);
    const unmarked = new Database(unmarkedPath);
    unmarked.pragma("application_id = 0");
    unmarked.exec("DROP TABLE recollect_migrations");
    unmarked.close();
    using store = openStore({ path: ":memory:" });
    expect(() => importPaths({ store, paths: [dir] })).toThrow(
      `no chat history file found in ${dir}: 2 other Recollect stores`,
    );
    writeFileSync(
      join(dir, "chat.jsonl"),
      `${JSON.stringify({ app: "a", chat: "c", role: "user", content: "hi", created_at: "2026-01-01T00:00:00Z" })}\n`,
    );
    const walked = importPaths({ store, paths: [dir] });
    expect(walked.skippedPaths).toEqual([
      { path: otherPath, reason: "recollect_store" },
      { path: unmarkedPath, reason: "recollect_store" },
    ]);
    expect(walked.totals.chats).toBe(1);
    const named = importPaths({ store, paths: [otherPath] });
    expect(named.failures.map((f) => [f.file, f.error.name])).toEqual([
      [otherPath, "ImportFormatError"],
    ]);
    expect(count(store, "chats")).toBe(1);
  });

  it("a path that exists but cannot be read says so instead of calling it missing", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    // A symlink loop fails stat with ELOOP even for root, unlike a permission bit.
    symlinkSync(join(dir, "b"), join(dir, "a"));
    symlinkSync(join(dir, "a"), join(dir, "b"));
    expect(() => importPaths({ store, paths: [join(dir, "a")] })).toThrow(
      `Invalid paths: expected existing files or folders (${join(dir, "a")} cannot be read (ELOOP)).`,
    );
  });

  it("a named pipe or a device given by name is invalid input; inside a folder it is passed by", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    // Opening a pipe with no writer would block the import past any stop signal.
    execFileSync("mkfifo", [join(dir, "pipe.jsonl")]);
    expect(() => importPaths({ store, paths: [join(dir, "pipe.jsonl")] })).toThrow(
      `Invalid paths: expected existing files or folders (${join(dir, "pipe.jsonl")} is a named pipe, not a regular file).`,
    );
    expect(() => importPaths({ store, paths: ["/dev/zero"] })).toThrow(
      "Invalid paths: expected existing files or folders (/dev/zero is a device, not a regular file).",
    );
    expect(count(store, "apps")).toBe(0);
    writeDyadFixture(join(dir, "dyad.db"), { modern: false });
    const report = importPaths({ store, paths: [dir] });
    expect(report.totals.chats).toBe(3);
    expect(report.skippedPaths.map((skipped) => skipped.path)).not.toContain(
      join(dir, "pipe.jsonl"),
    );
  });

  it("a missing path or a folder without chat files is invalid input, naming the path", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    expect(() => importPaths({ store, paths: [join(dir, "nope")] })).toThrow(
      `Invalid paths: expected existing files or folders (${join(dir, "nope")} does not exist).`,
    );
    mkdirSync(join(dir, "empty"));
    writeFileSync(join(dir, "empty", "README.md"), "hello\n");
    expect(() => importPaths({ store, paths: [join(dir, "empty")] })).toThrow(InvalidInputError);
    expect(count(store, "apps")).toBe(0);
  });

  it("--app overrides the derived app; a re-import with another --app is a failure that moves nothing", () => {
    using store = openStore({ path: ":memory:" });
    const file = writeSyntheticCorpus(temp.make()).codex;
    importPaths({ store, paths: [file], appName: "Chess" });
    const again = importPaths({ store, paths: [file], appName: "Other" });
    expect(again.totals).toEqual({ files: 0, skipped: 0, ...UNCHANGED });
    expect(again.failures.map(({ file, line, error }) => [file, line, error.name])).toEqual([
      [file, undefined, "ChatsInAnotherAppError"],
    ]);
    expect(store.db.prepare("SELECT name FROM apps").pluck().all()).toEqual(["Chess"]);
    expect(importPaths({ store, paths: [file] }).totals.skipped).toBe(1);
  });

  it("an appended aider session appends only the new messages (updated, not duplicated)", () => {
    using store = openStore({ path: ":memory:" });
    const file = join(temp.make(), ".aider.chat.history.md");
    writeFileSync(
      file,
      "\n# aider chat started at 2026-01-01 10:00:00\n\n#### one  \n\nreply one\n",
    );
    const first = importPaths({ store, paths: [file] });
    expect(first.totals).toMatchObject({ chats: 1, messages: 2 });
    appendFileSync(
      file,
      "\n#### two  \n\nreply two\n\n# aider chat started at 2026-01-02 10:00:00\n\n#### new session  \n",
    );
    const second = importPaths({ store, paths: [file] });
    expect(second.totals).toEqual({
      files: 1,
      chats: 1,
      updated: 1,
      messages: 3,
      skipped: 0,
      messagesRemoved: 0,
    });
    expect(store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all()).toEqual([
      "one",
      "reply one",
      "two",
      "reply two",
      "new session",
    ]);
    // The app is the folder holding the history file.
    expect(store.db.prepare("SELECT name FROM apps").pluck().all()).toHaveLength(1);
  });

  it("a Dyad database keeps its apps; --app is refused when it holds several", () => {
    using store = openStore({ path: ":memory:" });
    const path = join(temp.make(), "sqlite.db");
    writeDyadFixture(path, { modern: true });
    expect(() => importPaths({ store, paths: [path], appName: "mixed" })).toThrow(
      InvalidInputError,
    );
    expect(count(store, "chats")).toBe(0);
    const report = importPaths({ store, paths: [path] });
    expect(report.formats).toEqual([{ format: "dyad", files: 1, chats: 3, messages: 6, ...FRESH }]);
    expect(
      store.db
        .prepare(
          "SELECT a.name, a.path, m.ai_messages_json, m.is_compaction_summary, m.created_at FROM messages m JOIN chats c ON c.id = m.chat_id JOIN apps a ON a.id = c.app_id WHERE m.content LIKE 'Summary%'",
        )
        .get(),
    ).toEqual({
      name: "shop",
      path: "/apps/shop",
      ai_messages_json: null,
      is_compaction_summary: 1,
      created_at: 1767312002000,
    });
  });

  it("reports progress with counts only", () => {
    using store = openStore({ path: ":memory:" });
    const events: unknown[] = [];
    importPaths({
      store,
      paths: [writeSyntheticCorpus(temp.make()).cline],
      onProgress: (event) => events.push(event),
    });
    expect(events).toEqual([
      { type: "file-start", index: 1, total: 1, format: "cline" },
      {
        type: "file-end",
        index: 1,
        total: 1,
        format: "cline",
        ok: true,
        counts: { chats: 1, messages: 5, ...FRESH },
      },
    ]);
  });
});
