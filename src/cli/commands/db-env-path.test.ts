/**
 * `RECOLLECT_DB` as real child processes: a value that can be no store (a directory, a folder's
 * path ending in `/`, a path through a file, a folder that takes no new files, a file that is no
 * store, only spaces) is a configuration problem: exit 4 (`precondition`), the error's `argument`
 * and message naming `RECOLLECT_DB` — never `--db`, which was not given — and nothing is created
 * or changed. `--db`, when given, wins over the variable and is the one named.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderSnapshot } from "../../test/folder-snapshot.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 120_000;
const stores = createTempStores();
afterEach(() => stores.cleanup());

/** Runs `recollect --json <args…>` with `RECOLLECT_DB=value`; its exit code and parsed error. */
async function refusal(value: string, args: readonly string[], db: readonly string[] = []) {
  const run = await runRecollectChild(["--json", ...db, ...args], {
    env: { RECOLLECT_DB: value },
  });
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stdout).toBe("");
  return { code: run.code, error: JSON.parse(run.stderr).error };
}

describe("RECOLLECT_DB", () => {
  it(
    "an unusable value is refused by reading and writing commands as configuration (exit 4), naming RECOLLECT_DB",
    async () => {
      const dir = dirname(stores.path());
      const folder = join(dir, "stores");
      mkdirSync(folder);
      const notes = join(dir, "notes.txt");
      writeFileSync(notes, "meeting notes\n");
      const before = folderSnapshot(dir);
      const cases = [
        { value: folder, args: ["apps"], fields: { path: folder, holds: "directory" } },
        { value: folder, args: ["settings", "set", "telemetry", "off"], fields: { path: folder } },
        { value: `${folder}/`, args: ["apps"], fields: { setting: "RECOLLECT_DB" } },
        { value: `${dir}/new/`, args: ["sync", "--dry-run"], fields: { path: `${dir}/new/` } },
        { value: "   ", args: ["apps"], fields: { setting: "RECOLLECT_DB", path: "   " } },
        { value: notes, args: ["apps"], fields: { path: notes, holds: "not-sqlite" } },
        {
          value: join(notes, "deeper", "store.db"),
          args: ["settings", "set", "entitlement", "pro"],
          fields: { folder: notes, reason: "not_a_folder" },
        },
        {
          value: join(notes, "store.db"),
          args: ["apps"],
          fields: { path: join(notes, "store.db"), folder: notes, reason: "not_a_folder" },
        },
      ];
      for (const { value, args, fields } of cases) {
        const { code, error } = await refusal(value, args);
        expect({ value, args, code, kind: error.kind, argument: error.argument }).toEqual({
          value,
          args,
          code: 4,
          kind: "precondition",
          argument: "RECOLLECT_DB",
        });
        expect(error).toMatchObject(fields);
        expect(error.message).toContain("RECOLLECT_DB");
        expect(error.message).not.toContain("--db");
      }
      expect(existsSync(join(dir, "new"))).toBe(false);
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );

  it.skipIf(process.platform !== "linux")(
    "a folder that takes no new files (/proc) is refused naming RECOLLECT_DB, by reading commands too, creating nothing",
    async () => {
      const value = "/proc/recollect-test-missing/store.db";
      for (const args of [["settings", "set", "telemetry", "off"], ["apps"]]) {
        const { code, error } = await refusal(value, args);
        expect({ code, ...error, message: undefined }).toEqual({
          code: 4,
          kind: "precondition",
          exit_code: 4,
          path: value,
          argument: "RECOLLECT_DB",
          folder: "/proc",
          reason: "folder_not_writable",
          message: undefined,
        });
        expect(error.message).toContain("Set RECOLLECT_DB to a path in a writable folder");
      }
      expect(existsSync(dirname(value))).toBe(false);
    },
    PROCESS_TEST_MS,
  );

  it(
    "--db wins over RECOLLECT_DB, and an error then names --db",
    async () => {
      const dir = dirname(stores.path());
      const folder = join(dir, "stores");
      mkdirSync(folder);
      const { code, error } = await refusal(stores.path(), ["apps"], ["--db", folder]);
      expect({ code, argument: error.argument, path: error.path }).toEqual({
        code: 4,
        argument: "--db",
        path: folder,
      });
      expect(error.message).toContain("Give --db");
    },
    PROCESS_TEST_MS,
  );
});
