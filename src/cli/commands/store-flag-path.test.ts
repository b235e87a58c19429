/**
 * The store options as typed, as real child processes: a `--store` (or `RECOLLECT_STORE`) that is
 * a path is refused in its own name, never as `--db`; `--db` or `--store` given twice is refused
 * (a run uses one store) before anything is opened or created.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderSnapshot } from "../../test/folder-snapshot.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 120_000;
const stores = createTempStores();
afterEach(() => stores.cleanup());

/** Runs `recollect --json <args…>` and returns its exit code, stdout and parsed error. */
async function refusal(args: readonly string[], env: Record<string, string> = {}) {
  const run = await runRecollectChild(["--json", ...args], { env });
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return { code: run.code, stdout: run.stdout, error: JSON.parse(run.stderr).error };
}

describe("store options as typed", () => {
  it(
    "an empty or folder --store path is refused naming --store, not --db",
    async () => {
      const dir = dirname(stores.path());
      const before = folderSnapshot(dir);
      for (const store of ["", " ", `${dir}/`]) {
        const { code, stdout, error } = await refusal(["--store", store, "apps"]);
        expect({ store, code, stdout, kind: error.kind, argument: error.argument }).toEqual({
          store,
          code: 2,
          stdout: "",
          kind: "invalid_input",
          argument: "--store",
        });
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );

  it(
    "a directory or a missing store given as --store or RECOLLECT_STORE names that source",
    async () => {
      const dir = dirname(stores.path());
      const folder = join(dir, "stores");
      mkdirSync(folder);
      const missing = join(dir, "nowhere", "store.db");
      const cases: {
        args: string[];
        env: Record<string, string>;
        code: number;
        argument: string;
        path?: string;
      }[] = [
        { args: ["--store", folder], env: {}, code: 4, argument: "--store", path: folder },
        { args: ["--store", missing], env: {}, code: 3, argument: "--store", path: missing },
        { args: [], env: { RECOLLECT_STORE: folder }, code: 4, argument: "RECOLLECT_STORE" },
        { args: [], env: { RECOLLECT_STORE: `${dir}/` }, code: 4, argument: "RECOLLECT_STORE" },
      ];
      const before = folderSnapshot(dir);
      for (const { args, env, code, argument, path } of cases) {
        const run = await refusal([...args, "chats", "--app", "shop"], {
          RECOLLECT_DB: "",
          ...env,
        });
        expect({ args, env, code: run.code, argument: run.error.argument }).toEqual({
          args,
          env,
          code,
          argument,
        });
        if (path !== undefined) expect(run.error.path).toBe(path);
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );

  it(
    "a team store's URL given to a command of this machine's store is refused, and nothing is written",
    async () => {
      const dir = dirname(stores.path());
      const env = { XDG_DATA_HOME: join(dir, "data"), HOME: dir };
      const before = folderSnapshot(dir);
      const url = "postgres://alice:sekrit@db.example/team";
      const commands = [
        ["import", dir],
        ["sync", "--dry-run"],
        ["settings", "set", "entitlement", "pro"],
        ["apps", "rename", "a", "b"],
      ];
      for (const command of commands) {
        const run = await runRecollectChild(["--json", "--store", url, ...command], { env });
        const { error } = JSON.parse(run.stderr);
        expect({ command, code: run.code, kind: error.kind, argument: error.argument }).toEqual({
          command,
          code: 2,
          kind: "invalid_input",
          argument: "--store",
        });
        expect(run.stderr + run.stdout).not.toContain("sekrit");
      }
      expect(folderSnapshot(dir)).toEqual(before);
      // Set in the environment, the URL is for the commands that read history: import stays local.
      const { error } = await refusal(["apps"], { ...env, RECOLLECT_STORE: "postgres://alice@db" });
      expect([error.kind, error.setting]).toEqual(["precondition", "RECOLLECT_STORE"]);
    },
    PROCESS_TEST_MS,
  );

  it(
    "--db or --store given twice is refused naming it, and nothing is created",
    async () => {
      const dir = dirname(stores.path());
      const [a, b] = [join(dir, "a.db"), join(dir, "b.db")];
      const before = folderSnapshot(dir);
      for (const flag of ["--db", "--store"]) {
        for (const command of [["apps"], ["import", dir]]) {
          const { code, stdout, error } = await refusal([flag, a, `${flag}=${b}`, ...command]);
          expect({
            flag,
            command,
            code,
            stdout,
            kind: error.kind,
            argument: error.argument,
          }).toEqual({ flag, command, code: 2, stdout: "", kind: "invalid_input", argument: flag });
        }
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );
});
