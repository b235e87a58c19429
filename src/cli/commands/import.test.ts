import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeSyntheticCorpus } from "../../importers/testing/synthetic-histories.js";
import { openStore } from "../../store/open-store.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** The `--json` counts of a re-import of what is stored: nothing written, nothing removed. */
const UNCHANGED = { chats: 0, updated: 0, messages: 0, messages_removed: 0 } as const;

/** A synthetic corpus per test, beside that test's store. */
const corpus = () => writeSyntheticCorpus(join(dirname(stores.path()), "corpus"));

describe("recollect import", () => {
  it("prints per-file and per-format counts, drains the index, and is idempotent", async () => {
    const db = stores.path();
    const { specstoryCursor: QUILLMARK, cline: FERNWOOD } = corpus();
    const first = await runCaptured(["--db", db, "import", QUILLMARK, FERNWOOD]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      [
        `specstory   1 new chat, 0 updated, 2 messages, 0 unchanged  ${QUILLMARK}`,
        `cline       1 new chat, 0 updated, 5 messages, 0 unchanged  ${FERNWOOD}`,
        "",
        "specstory   1 file: 1 new chat, 0 updated, 2 messages, 0 unchanged",
        "cline       1 file: 1 new chat, 0 updated, 5 messages, 0 unchanged",
        "total       2 files: 2 new chats, 0 updated, 7 messages, 0 unchanged",
        "indexed 7 messages",
        "",
      ].join("\n"),
    );
    // Progress carries counts only (stderr is not a terminal under test).
    expect(first.stderr).toBe("importing 2/2 files…\n");

    const again = await runCaptured(["--db", db, "--json", "import", QUILLMARK, FERNWOOD]);
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout) as {
      totals: unknown;
      formats: unknown;
      indexed: number;
    };
    expect(report.totals).toEqual({ files: 2, skipped: 2, ...UNCHANGED });
    expect(report.formats).toEqual([
      { format: "specstory", files: 1, skipped: 1, ...UNCHANGED },
      { format: "cline", files: 1, skipped: 1, ...UNCHANGED },
    ]);
    expect(report.indexed).toBe(0);
  });

  it("names every path it skipped with its reason class, in the text and in --json, never its text", async () => {
    const db = stores.path();
    const root = join(dirname(db), "histories");
    mkdirSync(join(root, "shop"), { recursive: true });
    mkdirSync(join(root, "blog"), { recursive: true });
    const line = { app: "shop", chat: "c", role: "user", content: "use Stripe", created_at: 1 };
    writeFileSync(join(root, "shop", "chat.jsonl"), `${JSON.stringify(line)}\n`);
    writeFileSync(join(root, "README.md"), "the readme's own words\n");
    writeFileSync(
      join(root, "blog", "chat.jsonl"),
      `${JSON.stringify({ ...line, app: "blog" })}\n`,
    );
    // The store inside the walked folder (with the WAL files of the run): import never reads it.
    const inner = join(root, "store.db");
    openStore({ path: inner }).close();
    const args = ["--db", inner, "import", root, "--exclude", "**/blog"];

    const text = await runRecollectChild(args);
    expect(text.code).toBe(0);
    expect(text.stdout.split("\n").filter((row) => row.startsWith("skipped"))).toEqual([
      `skipped    excluded             ${join(root, "blog")}`,
      `skipped    no known format      ${join(root, "README.md")}`,
      `skipped    the store's own file ${inner}`,
      `skipped    the store's own file ${inner}-shm`,
      `skipped    the store's own file ${inner}-wal`,
    ]);
    expect(text.stdout).not.toContain("readme's own words");

    const json = await runRecollectChild(["--json", ...args]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).skipped_paths).toEqual([
      { file: join(root, "blog"), reason: "excluded" },
      { file: join(root, "README.md"), reason: "unknown_format" },
      { file: inner, reason: "store_file" },
      { file: `${inner}-shm`, reason: "store_file" },
      { file: `${inner}-wal`, reason: "store_file" },
    ]);
  }, 60_000);

  it("an edited file's re-import says how many stored messages it removed (messages_removed)", async () => {
    const db = stores.path();
    const file = join(dirname(db), "chat.jsonl");
    const exportOf = (...contents: readonly string[]) =>
      contents
        .map((content, index) =>
          JSON.stringify({
            app: "shop",
            chat: "c1",
            role: index % 2 === 0 ? "user" : "assistant",
            content,
            created_at: index + 1,
          }),
        )
        .join("\n");
    writeFileSync(file, exportOf("a", "b", "c", "d"));
    expect((await runRecollectChild(["--db", db, "import", file])).code).toBe(0);
    // b edited to B, c and d dropped: the store mirrors the file and says what it lost.
    writeFileSync(file, exportOf("a", "B"));
    const edited = await runRecollectChild(["--db", db, "--json", "import", file]);
    expect(edited.code).toBe(0);
    const report = JSON.parse(edited.stdout);
    const counts = { chats: 0, updated: 1, messages: 1, skipped: 0, messages_removed: 3 };
    expect([report.files, report.formats, report.totals]).toEqual([
      [{ file, format: "jsonl", encoding: "utf-8", torn_line: null, ...counts }],
      [{ format: "jsonl", files: 1, ...counts }],
      { files: 1, ...counts },
    ]);
    // The text summary says it on the file's, the format's and the total line, when non-zero.
    writeFileSync(file, exportOf("a", "X"));
    const text = await runRecollectChild(["--db", db, "import", file]);
    expect(text.stdout.split("\n").slice(0, 4)).toEqual([
      `jsonl       0 new chats, 1 updated, 1 message, 1 message removed, 0 unchanged  ${file}`,
      "",
      "jsonl       1 file: 0 new chats, 1 updated, 1 message, 1 message removed, 0 unchanged",
      "total       1 file: 0 new chats, 1 updated, 1 message, 1 message removed, 0 unchanged",
    ]);
    using store = openStore({ path: db });
    const contents = store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all();
    expect(contents).toEqual(["a", "X"]);
  }, 60_000);

  it("--app puts the chats under the named app", async () => {
    const db = stores.path();
    expect(
      (await runCaptured(["--db", db, "import", "--app", "Papers", corpus().specstoryCursor])).code,
    ).toBe(0);
    const apps = await runCaptured(["--db", db, "--json", "apps"]);
    expect((JSON.parse(apps.stdout) as { name: string }[]).map((app) => app.name)).toEqual([
      "Papers",
    ]);
  });

  it("--app over 200 characters or not on one line is refused before any store is made", async () => {
    const db = stores.path();
    const history = corpus().specstoryCursor;
    for (const name of ["x".repeat(201), "Pa\npers"]) {
      const run = await runCaptured(["--db", db, "--json", "import", "--app", name, history]);
      expect({ code: run.code, argument: JSON.parse(run.stderr).error.argument }).toEqual({
        code: 2,
        argument: "--app",
      });
    }
    expect(existsSync(db)).toBe(false);
  });

  it("a broken line 7 exits 8 with one line naming file and line, and writes nothing", async () => {
    const db = stores.path();
    const file = join(dirname(db), "broken.jsonl");
    const line = (n: number) =>
      JSON.stringify({ app: "gen", chat: "c", role: "user", content: `m${n}`, created_at: n });
    writeFileSync(
      file,
      `${[1, 2, 3, 4, 5, 6].map(line).join("\n")}\n{"app":"gen","chat\n${line(8)}\n`,
    );
    const run = await runCaptured(["--db", db, "import", file]);
    expect(run.code).toBe(8);
    expect(run.stderr).toBe(`recollect: ${file}:7: not valid JSON (truncated or corrupt line)\n`);
    using store = openStore({ path: db });
    expect(store.db.prepare("SELECT count(*) FROM messages").pluck().get()).toBe(0);
  });

  it("a nonexistent path exits 2 with a one-line reason", async () => {
    const run = await runCaptured(["--db", stores.path(), "import", "/nonexistent/chats"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "recollect: Invalid paths: expected existing files or folders (/nonexistent/chats does not exist).\n",
    );
    expect(run.stdout).toBe("");
  });
});
