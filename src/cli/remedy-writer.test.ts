/**
 * The commands an error suggests start with the words that run this Recollect where the error is
 * read — the same words as the report's follow-up commands — and repeat the store: through the
 * real `recollect` process, with and without this copy on PATH.
 */
import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { storeApps } from "../store/catalog/app-writes.js";
import { openStore } from "../store/open-store.js";
import { createTempStores } from "./commands/testing/run-captured.js";
import { RECOLLECT_BIN, runRecollectChild } from "./commands/testing/run-child.js";
import { recollectInvocation } from "./recollect-invocation.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** A store holding one app, so an unknown app's remedy is listing the apps. */
function storeWithAnApp(): string {
  const db = stores.path();
  const store = openStore({ path: db });
  storeApps(store.db).idFor({ name: "Listed", path: null }, 0);
  store.close();
  return db;
}

const NODE_ONLY = [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter);

/** The `--json` error of `recollect <args…>` with `env`, run in `cwd` (default: the checkout). */
async function jsonError(args: readonly string[], env: Record<string, string>, cwd?: string) {
  const run = await runRecollectChild(["--json", ...args], {
    env,
    ...(cwd !== undefined ? { cwd } : {}),
  });
  return { code: run.code, error: JSON.parse(run.stderr).error as Record<string, unknown> };
}

describe("error remedies", () => {
  it("name the invocation of the report (recollect only when this copy is on PATH) and the same --db", async () => {
    const db = storeWithAnApp();
    const linked = join(dirname(db), "path-bin");
    mkdirSync(linked);
    symlinkSync(RECOLLECT_BIN, join(linked, "recollect"));
    const missing = join(dirname(db), "missing.db");
    for (const [PATH, run] of [
      [NODE_ONLY, "npx recollect"],
      [`${linked}${delimiter}${NODE_ONLY}`, "recollect"],
    ] as const) {
      const env = { PATH, RECOLLECT_DB: "" };
      const pro = await jsonError(["--db", db, "read", "--app", "A", "--chat", "1"], env);
      expect(pro).toMatchObject({
        code: 4,
        error: { missing: "pro", remedies: [`${run} --db ${db} settings set entitlement pro`] },
      });
      const app = await jsonError(["--db", db, "chats", "--app", "ghost"], env);
      expect(app).toMatchObject({ code: 3, error: { remedies: [`${run} --db ${db} apps`] } });
      const store = await jsonError(["--db", missing, "apps"], env);
      expect(store).toMatchObject({
        code: 3,
        error: {
          remedies: [`${run} --db ${missing} import <paths…>`, `${run} --db ${missing} sync`],
        },
      });
      expect(String(store.error.message)).toContain(`\`${run} --db ${missing} sync\``);
    }
    // A store named by RECOLLECT_DB: the variable stays set in the shell, so no --db is added.
    const fromEnv = await jsonError(["apps"], { PATH: NODE_ONLY, RECOLLECT_DB: missing });
    expect(fromEnv.error.remedies).toEqual(["npx recollect import <paths…>", "npx recollect sync"]);
  }, 120_000);

  it("name one program for every command, recollect mcp included, from the folder it runs in", async () => {
    const db = storeWithAnApp();
    const outside = dirname(db); // a temporary folder, in no npm project
    const anywhere = `node ${realpathSync(RECOLLECT_BIN)}`;
    const env = { PATH: NODE_ONLY, RECOLLECT_DB: "" };
    for (const [cwd, run] of [
      [undefined, "npx recollect"],
      [outside, anywhere],
    ] as const) {
      const mcp = await jsonError(["--db", db, "mcp", "--app", "Nope"], env, cwd);
      const chats = await jsonError(["--db", db, "chats", "--app", "Nope"], env, cwd);
      for (const refused of [mcp, chats]) {
        expect(refused).toMatchObject({
          code: 3,
          error: { kind: "not_found", app_name: "Nope", remedies: [`${run} --db ${db} apps`] },
        });
      }
    }
    // A project that installed this copy (node_modules/.bin/recollect) runs it through npx.
    const project = join(outside, "project");
    mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
    symlinkSync(RECOLLECT_BIN, join(project, "node_modules", ".bin", "recollect"));
    mkdirSync(join(project, "src"));
    expect(recollectInvocation(env, join(project, "src"))).toEqual(["npx", "recollect"]);
    expect(recollectInvocation(env, outside)).toEqual(["node", realpathSync(RECOLLECT_BIN)]);
  }, 120_000);
});
