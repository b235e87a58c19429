/**
 * `--db PATH` as real child processes: a missing store and its missing folders are created by a
 * command that writes (`docs/CLI.md` § Global options, `--help`), and a path that cannot be one — a directory,
 * a folder's path (ending in `/`), a path through a file, a folder that takes no new files —
 * gets one classified error naming the path and `--db`, with no stack trace, and nothing is
 * created or changed. Commands that only read get the same error, never "no store yet, import
 * first" for a path where no import could make one.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderSnapshot } from "../../test/folder-snapshot.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 120_000;
const stores = createTempStores();
afterEach(() => stores.cleanup());

/** A folder with one generic JSONL history in it; returns the folder and the history's path. */
function folderWithHistory(): { dir: string; history: string } {
  const dir = dirname(stores.path());
  const line = { app: "shop", chat: "c1", role: "user", content: "use Stripe", created_at: 1 };
  const history = join(dir, "history.jsonl");
  writeFileSync(history, `${JSON.stringify(line)}\n`);
  return { dir, history };
}

/** Runs `recollect --json --db <db> <args…>` and returns its exit code and parsed error. */
async function refusal(db: string, args: readonly string[]) {
  const run = await runRecollectChild(["--json", "--db", db, ...args]);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return { code: run.code, stdout: run.stdout, error: JSON.parse(run.stderr).error };
}

describe("--db PATH", () => {
  it(
    "a command that writes creates the store and its missing folders",
    async () => {
      const { dir, history } = folderWithHistory();
      const db = join(dir, "a", "b", "store.db");
      const run = await runRecollectChild(["--db", db, "import", history]);
      expect(run.code).toBe(0);
      expect(statSync(db).isFile()).toBe(true);
    },
    PROCESS_TEST_MS,
  );

  it(
    "a directory is refused by reading and writing commands, naming it and --db",
    async () => {
      const { dir, history } = folderWithHistory();
      const db = join(dir, "stores");
      mkdirSync(db);
      const before = folderSnapshot(dir);
      for (const args of [["apps"], ["import", history], ["settings", "set", "telemetry", "off"]]) {
        const { code, stdout, error } = await refusal(db, args);
        expect({
          args,
          code,
          stdout,
          kind: error.kind,
          path: error.path,
          argument: error.argument,
          holds: error.holds,
        }).toEqual({
          args,
          code: 4,
          stdout: "",
          kind: "precondition",
          path: db,
          argument: "--db",
          holds: "directory",
        });
        expect(error.message).toContain("--db");
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );

  it(
    "a folder's path (ending in /) is a usage error naming --db, and no file of that name is made",
    async () => {
      const { dir, history } = folderWithHistory();
      const before = folderSnapshot(dir);
      const db = `${join(dir, "new-stores")}/`;
      for (const args of [["import", history], ["apps"]]) {
        const { code, error } = await refusal(db, args);
        expect({ args, code, kind: error.kind, argument: error.argument }).toEqual({
          args,
          code: 2,
          kind: "invalid_input",
          argument: "--db",
        });
        expect(error.allowed).toContain("a store file path");
      }
      expect(existsSync(join(dir, "new-stores"))).toBe(false);
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );

  it(
    "a path through a file is refused naming that file, by reading commands too (no 'import first'), creating nothing",
    async () => {
      const { dir, history } = folderWithHistory();
      const file = join(dir, "notes.txt");
      writeFileSync(file, "meeting notes\n");
      const db = join(file, "deeper", "store.db");
      const before = folderSnapshot(dir);
      for (const args of [
        ["import", history],
        ["settings", "set", "entitlement", "pro"],
        ["apps"],
        ["search", "--app", "shop", "stripe"],
        ["settings", "get", "telemetry"],
      ]) {
        const { code, error } = await refusal(db, args);
        expect({ args, code, ...error, message: undefined }).toEqual({
          args,
          code: 4,
          kind: "precondition",
          exit_code: 4,
          path: db,
          argument: "--db",
          folder: file,
          reason: "not_a_folder",
          message: undefined,
        });
        expect(error.message).toContain("--db");
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );

  it.skipIf(process.platform !== "linux")(
    "a folder that takes no new folder or file (/proc, /sys; root passes their permission check) is refused at once, by reading commands too",
    async () => {
      const { history } = folderWithHistory();
      for (const [db, folder, args] of [
        ["/proc/recollect-test-missing/store.db", "/proc", ["import", history]],
        ["/sys/recollect-test-store.db", "/sys", ["import", history]],
        ["/proc/recollect-test-missing/store.db", "/proc", ["apps"]],
        ["/sys/recollect-test-store.db", "/sys", ["chats", "--app", "shop"]],
      ] as const) {
        const { code, error } = await refusal(db, args);
        expect({ db, code, kind: error.kind, path: error.path, folder: error.folder }).toEqual({
          db,
          code: 4,
          kind: "precondition",
          path: db,
          folder,
        });
        expect(error.reason).toBe("folder_not_writable");
        expect(error.message).toContain("--db");
        expect(existsSync(db)).toBe(false);
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "a path too long for the file system, with its companion files, is a usage error; nothing is made",
    async () => {
      const { dir, history } = folderWithHistory();
      const before = folderSnapshot(dir);
      const longName = join(dir, `${"n".repeat(250)}.db`); // its .settings.json name is 264 bytes
      const longPath = join(dir, ...Array.from({ length: 25 }, () => "f".repeat(200)), "s.db");
      for (const db of [longName, longPath]) {
        for (const args of [["apps"], ["import", history]]) {
          const { code, stdout, error } = await refusal(db, args);
          expect({ code, stdout, kind: error.kind, argument: error.argument }).toEqual({
            code: 2,
            stdout: "",
            kind: "invalid_input",
            argument: "--db",
          });
          // The path is quoted once, cut, never whole.
          expect(error.message.length).toBeLessThan(600);
        }
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );
});
