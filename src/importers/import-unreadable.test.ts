/**
 * Paths import cannot read. A path named on the command line that cannot be read is invalid
 * input (exit 2, argument `paths`), as a missing one is, never a "malformed import" (exit 8); a
 * file or folder inside a given folder that cannot be read is listed as `unreadable`, the rest
 * still imports, and the run exits 12 as sync does. Permission bits do not stop root, so as root the child runs as `nobody`; a
 * symlink loop fails for root too and is tested in process.
 */
import { chmodSync, copyFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AS_UNPRIVILEGED, unprivilegedIt } from "../cli/commands/testing/as-unprivileged.js";
import { runRecollectChild } from "../cli/commands/testing/run-child.js";
import { SKIPPED_EXIT_CODE } from "../cli/exit-codes.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import { openStore } from "../store/open-store.js";
import { importPaths } from "./import-paths.js";
import { writeSyntheticCorpus } from "./testing/synthetic-histories.js";
import { createTempDirs } from "./testing/temp-dir.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

/** A temp folder `nobody` may enter and write (the child's store lives in it). */
function sharedDir(): string {
  const dir = temp.make();
  chmodSync(dir, 0o777);
  return dir;
}

/** One readable aider history (one app, two chats) copied into `dir`. */
function readableHistory(dir: string): string {
  const path = join(dir, ".aider.chat.history.md");
  copyFileSync(writeSyntheticCorpus(temp.make()).aider, path);
  chmodSync(path, 0o644);
  return path;
}

describe("import of paths in a folder that cannot be read (in process)", () => {
  it("a folder of only files of no known format is invalid input counting them", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    writeFileSync(join(dir, "README.md"), "# notes\n");
    writeFileSync(join(dir, "empty.md"), "");
    const refusal = (paths: string[]) => {
      try {
        importPaths({ store, paths });
      } catch (caught) {
        return caught as InvalidInputError;
      }
      throw new Error("expected the import to be refused");
    };
    expect(refusal([dir]).detail).toBe(
      `no chat history file found in ${dir}: 2 files of no known format`,
    );
    const empty = temp.make();
    expect(refusal([empty]).detail).toBe(`no chat history file found in ${empty}`);
  });

  it("a symlink loop inside a folder is listed unreadable and the rest imports", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    readableHistory(dir);
    symlinkSync(join(dir, "loop-b"), join(dir, "loop-a"));
    symlinkSync(join(dir, "loop-a"), join(dir, "loop-b"));
    const report = importPaths({ store, paths: [dir] });
    expect(report.totals.chats).toBe(2);
    expect(report.failures).toEqual([]);
    expect(report.skippedPaths).toEqual([
      { path: join(dir, "loop-a"), reason: "unreadable" },
      { path: join(dir, "loop-b"), reason: "unreadable" },
    ]);
  });

  it("a symlink to nothing inside a folder is listed unreadable and the rest imports", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    readableHistory(dir);
    symlinkSync(join(dir, "gone.jsonl"), join(dir, "dangling.jsonl"));
    const report = importPaths({ store, paths: [dir] });
    expect(report.totals.chats).toBe(2);
    expect(report.skippedPaths).toEqual([
      { path: join(dir, "dangling.jsonl"), reason: "unreadable" },
    ]);
  });

  it("a folder holding only unreadable paths is invalid input naming one, and writes nothing", () => {
    using store = openStore({ path: ":memory:" });
    const dir = temp.make();
    symlinkSync(join(dir, "b"), join(dir, "a"));
    symlinkSync(join(dir, "a"), join(dir, "b"));
    const error = (() => {
      try {
        importPaths({ store, paths: [dir] });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).argument).toBe("paths");
    expect((error as InvalidInputError).message).toContain(
      `${join(dir, "a")} cannot be read (ELOOP)`,
    );
    expect(store.db.prepare("SELECT count(*) FROM chats").pluck().get()).toBe(0);
  });
});

const childIt = unprivilegedIt("import of unreadable paths");

describe("recollect import of paths that cannot be read (child process)", () => {
  childIt("a named file that cannot be read exits 2, invalid input on paths", async () => {
    const dir = sharedDir();
    const locked = readableHistory(dir);
    chmodSync(locked, 0o000);
    const db = join(dir, "store.db");
    const run = await runRecollectChild(["--db", db, "--json", "import", locked], AS_UNPRIVILEGED);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr.trim().split("\n").at(-1) ?? "")).toMatchObject({
      error: { kind: "invalid_input", exit_code: 2, argument: "paths" },
    });
    expect(run.stderr).toContain(`${locked} cannot be read (EACCES)`);
    expect(run.stdout).toBe("");
  });

  childIt("a folder with a locked file and a locked folder imports the rest, exit 12", async () => {
    const dir = sharedDir();
    const history = join(dir, "history");
    mkdirSync(history, { mode: 0o755 });
    readableHistory(history);
    const lockedFile = join(history, "session.jsonl");
    copyFileSync(writeSyntheticCorpus(temp.make()).aider, lockedFile);
    chmodSync(lockedFile, 0o000);
    const lockedFolder = join(history, "private");
    mkdirSync(lockedFolder, { mode: 0o000 });
    chmodSync(history, 0o755);
    const db = join(dir, "store.db");
    const run = await runRecollectChild(["--db", db, "--json", "import", history], AS_UNPRIVILEGED);
    // Done, with paths it could not read left out: sync's code for the same (exit-codes.ts).
    expect(run.code).toBe(SKIPPED_EXIT_CODE);
    const report = JSON.parse(run.stdout);
    expect(report.totals).toMatchObject({ files: 1, chats: 2 });
    expect(report.failures).toEqual([]);
    expect(report.skipped_paths).toEqual([
      { file: lockedFolder, reason: "unreadable" },
      { file: lockedFile, reason: "unreadable" },
    ]);
  });
});
