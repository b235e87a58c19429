/**
 * `recollect mcp` refuses bad start-up input as every other command does — the same error kind
 * and exit code, one JSON object on stderr with `--json` — before it serves anything (stdout
 * stays empty) and without writing to the store's folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRecollectChild } from "../cli/commands/testing/run-child.js";
import { folderSnapshot } from "../test/folder-snapshot.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
});
afterAll(() => store.cleanup());

/** Runs `recollect --json --db STORE mcp ARGS…`; the store's folder must be unchanged after it. */
async function refusedStart(storePath: string, dir: string, args: readonly string[]) {
  const before = folderSnapshot(dir);
  const run = await runRecollectChild(["--json", "--db", storePath, "mcp", ...args]);
  expect(run.stdout).toBe("");
  expect(folderSnapshot(dir)).toEqual(before);
  return { code: run.code, error: JSON.parse(run.stderr).error as Record<string, unknown> };
}

describe("recollect mcp: bad start-up input", () => {
  it("an unknown --app is not_found (exit 3) at start-up, as for `recollect chats`", async () => {
    const mcp = await refusedStart(store.path, store.dir, ["--app", "Nope"]);
    expect(mcp).toEqual({
      code: 3,
      error: expect.objectContaining({ kind: "not_found", exit_code: 3, app_name: "Nope" }),
    });
    const chats = await runRecollectChild(["--json", "--db", store.path, "chats", "--app", "Nope"]);
    expect([chats.code, JSON.parse(chats.stderr).error.kind]).toEqual([3, "not_found"]);
  }, 60_000);

  it("an unknown --engine is invalid_input naming --engine (exit 2), as for `recollect explore`", async () => {
    expect(await refusedStart(store.path, store.dir, ["--engine", "warp"])).toEqual({
      code: 2,
      error: expect.objectContaining({ kind: "invalid_input", exit_code: 2, argument: "--engine" }),
    });
  }, 60_000);

  it("a blank --app is invalid_input naming --app (exit 2)", async () => {
    expect(await refusedStart(store.path, store.dir, ["--app", "  "])).toEqual({
      code: 2,
      error: expect.objectContaining({ kind: "invalid_input", exit_code: 2, argument: "--app" }),
    });
  }, 60_000);
});
