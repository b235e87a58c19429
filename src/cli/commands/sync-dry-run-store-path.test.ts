/**
 * `recollect sync --dry-run` on its store path, as real child processes: a path where no store
 * could ever be made (a folder that takes no new files, a path through a file), from `--db` or
 * `RECOLLECT_DB`, is refused as the reading commands refuse it (exit 4, StoreNotCreatableError
 * naming the origin), not reported as a dry run that found nothing; an empty file at the path
 * stays empty, since a dry run writes nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderSnapshot } from "../../test/folder-snapshot.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 120_000;
const stores = createTempStores();
afterEach(() => stores.cleanup());

/** A folder for the test and an empty HOME in it, so sync never reads this machine's histories. */
function sandbox(): { dir: string; env: Record<string, string> } {
  const dir = dirname(stores.path());
  const home = join(dir, "home");
  mkdirSync(home);
  return { dir, env: { HOME: home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" } };
}

describe("recollect sync --dry-run on a store path", () => {
  it(
    "where no store can be made is refused with exit 4 naming --db or RECOLLECT_DB, creating nothing",
    async () => {
      const { dir, env } = sandbox();
      const notes = join(dir, "notes.txt");
      writeFileSync(notes, "meeting notes\n");
      const throughFile = join(notes, "deeper", "store.db");
      const cases = [
        { db: throughFile, origin: "--db", folder: notes, reason: "not_a_folder" },
        { db: throughFile, origin: "RECOLLECT_DB", folder: notes, reason: "not_a_folder" },
        ...(process.platform === "linux"
          ? [
              {
                db: "/proc/recollect-test-missing/store.db",
                origin: "--db",
                folder: "/proc",
                reason: "folder_not_writable",
              },
            ]
          : []),
      ];
      const before = folderSnapshot(dir);
      for (const { db, origin, folder, reason } of cases) {
        const run =
          origin === "--db"
            ? await runRecollectChild(["--json", "--db", db, "sync", "--dry-run"], { env })
            : await runRecollectChild(["--json", "sync", "--dry-run"], {
                env: { ...env, RECOLLECT_DB: db },
              });
        expect(run.stderr).not.toMatch(/\n\s+at /);
        const { message, ...error } = JSON.parse(run.stderr).error;
        expect({ code: run.code, stdout: run.stdout, error }).toEqual({
          code: 4,
          stdout: "",
          error: {
            kind: "precondition",
            exit_code: 4,
            path: db,
            argument: origin,
            folder,
            reason,
          },
        });
        expect(message).toContain(origin);
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );

  it(
    "holding an empty file leaves it empty (the dry run decides against a store in memory)",
    async () => {
      const { dir, env } = sandbox();
      const db = join(dir, "store.db");
      writeFileSync(db, "");
      const run = await runRecollectChild(["--json", "--db", db, "sync", "--dry-run"], { env });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).dryRun).toBe(true);
      expect(readFileSync(db).length).toBe(0);
      expect(Object.keys(folderSnapshot(dir))).toEqual(["store.db"]);
    },
    PROCESS_TEST_MS,
  );
});
