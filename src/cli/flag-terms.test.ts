/**
 * Bad values for the flags of `recollect read`, `search`, `explore` and `serve`, run as real child
 * processes on a real seeded store: each error names the flag the person typed (never the library
 * field behind it), the library's allowed values and the typed text, exits 2 and prints nothing
 * on stdout.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededHistory, seedHistory } from "../server/testing/seed-history.js";
import { settingsStoreForStorePath } from "../settings/index.js";
import { openStore } from "../store/open-store.js";
import { createTempStores } from "./commands/testing/run-captured.js";
import { runRecollectChild } from "./commands/testing/run-child.js";

const stores = createTempStores();
let db = "";
let seeded: SeededHistory;
beforeAll(() => {
  db = stores.path();
  using store = openStore({ path: db });
  seeded = seedHistory(store);
  settingsStoreForStorePath(db).update(() => ({ entitlement: "pro" }));
});
afterAll(() => stores.cleanup());

/** The `--json` error of `recollect --db STORE --json ARGS…`, with its exit code and stdout. */
async function jsonError(args: readonly string[]) {
  const run = await runRecollectChild(["--db", db, "--json", ...args]);
  const { error } = JSON.parse(run.stderr) as {
    error: { kind: string; argument?: string; allowed?: string };
  };
  return {
    code: run.code,
    stdout: run.stdout,
    kind: error.kind,
    argument: error.argument,
    allowed: error.allowed,
  };
}

describe("CLI errors name the flag that was typed", () => {
  it("read: --around, --before, --after, --offset, --limit and --chat out of range", async () => {
    const chat = String(seeded.authChatId);
    const read = (...flags: string[]) => jsonError(["read", "--app", "Acme Shop", ...flags]);
    const runs = await Promise.all([
      read("--chat", chat, "--around", "-5"),
      read("--chat", chat, "--around", "0"),
      read("--chat", chat, "--around", "1", "--before", "11"),
      read("--chat", chat, "--around", "1", "--after", "-1"),
      read("--chat", chat, "--offset", "-1"),
      read("--chat", chat, "--limit", "21"),
      read("--chat", "0"),
    ]);
    expect(runs.map((run) => [run.code, run.stdout, run.kind, run.argument, run.allowed])).toEqual([
      [2, "", "invalid_input", "--around", "a positive integer message id"],
      [2, "", "invalid_input", "--around", "a positive integer message id"],
      [2, "", "invalid_input", "--before", "an integer from 0 to 10"],
      [2, "", "invalid_input", "--after", "an integer from 0 to 10"],
      [2, "", "invalid_input", "--offset", "an integer from 0 to 9007199254740991"],
      [2, "", "invalid_input", "--limit", "an integer from 1 to 20"],
      [2, "", "invalid_input", "--chat", "a positive integer chat id"],
    ]);
  }, 60_000);

  it("search --limit, a blank search query and a blank explore question", async () => {
    const runs = await Promise.all([
      jsonError(["search", "--app", "Acme Shop", "auth", "--limit", "0"]),
      jsonError(["search", "--app", "Acme Shop", "   "]),
      jsonError(["explore", "--app", "Acme Shop", "   "]),
    ]);
    expect(runs.map((run) => [run.code, run.stdout, run.argument])).toEqual([
      [2, "", "--limit"],
      [2, "", "<query>"],
      [2, "", "<question>"],
    ]);
  }, 60_000);

  it("serve --port out of range is --port, and creates no store", async () => {
    const fresh = stores.path();
    const run = await runRecollectChild(["--db", fresh, "--json", "serve", "--port", "70000"]);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error).toMatchObject({
      kind: "invalid_input",
      argument: "--port",
      allowed: "an integer from 0 to 65535",
    });
    expect(existsSync(fresh)).toBe(false);
  }, 60_000);
});
