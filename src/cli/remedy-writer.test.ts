/**
 * The commands an error suggests start with the words that run this Recollect where the error is
 * read — the same words as the report's follow-up commands — and repeat the store: through the
 * real `recollect` process, with and without this copy on PATH.
 */
import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { createTempStores } from "./commands/testing/run-captured.js";
import { RECOLLECT_BIN, runRecollectChild } from "./commands/testing/run-child.js";
import { anywhereInvocation, recollectInvocation } from "./recollect-invocation.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const NODE_ONLY = [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter);

/** The `--json` error of `recollect <args…>` with `env`. */
async function jsonError(args: readonly string[], env: Record<string, string>) {
  const run = await runRecollectChild(["--json", ...args], { env });
  return { code: run.code, error: JSON.parse(run.stderr).error as Record<string, unknown> };
}

describe("error remedies", () => {
  it("name the invocation of the report (recollect only when this copy is on PATH) and the same --db", async () => {
    const db = stores.path();
    openStore({ path: db }).close();
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

  it("for recollect mcp, work from any folder: node and this copy's bin unless it is on PATH", () => {
    expect(anywhereInvocation({ PATH: NODE_ONLY })).toEqual(["node", realpathSync(RECOLLECT_BIN)]);
    expect(recollectInvocation({ PATH: NODE_ONLY })).toEqual(["npx", "recollect"]);
  });
});
