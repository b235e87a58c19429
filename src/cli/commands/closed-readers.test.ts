/**
 * A reader that closed its pipe before `recollect` wrote (`… 2>&1 | true`, `… 2>&1 | head -1`)
 * changes nothing about how the run ends: the command's own exit code, as a real child process.
 */

import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../../demo/index.js";
import { openStore } from "../../store/open-store.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { RECOLLECT_BIN } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/**
 * Runs `recollect <args…>` with stdout and stderr pipes whose reading ends are closed at once, so
 * every write the child makes fails with EPIPE; resolves its exit code and signal.
 */
async function exitWithClosedReaders(
  args: readonly string[],
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, [RECOLLECT_BIN, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  child.stdout.destroy();
  child.stderr.destroy();
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal }));
  });
}

/** A store holding the demo history, with Pro set so `explore` runs. */
async function demoStoreWithPro(): Promise<string> {
  const db = stores.path();
  {
    using store = openStore({ path: db });
    seedDemoHistory(store);
  }
  expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
  return db;
}

describe("recollect with its readers gone", () => {
  it("keeps a failed command's exit code: 3 for an unknown app, 2 for a missing import path", async () => {
    const db = await demoStoreWithPro();
    const results = await Promise.all([
      exitWithClosedReaders(["--db", db, "chats", "--app", "nosuch"]),
      exitWithClosedReaders(["--db", db, "--json", "chats", "--app", "nosuch"]),
      exitWithClosedReaders(["--db", db, "import", "/nonexistent/recollect-closed-readers"]),
    ]);
    expect(results).toEqual([
      { code: 3, signal: null },
      { code: 3, signal: null },
      { code: 2, signal: null },
    ]);
  }, 60_000);

  it("keeps a finished command's exit code: explore with nothing found ends 10, chats 0", async () => {
    const db = await demoStoreWithPro();
    const results = await Promise.all([
      exitWithClosedReaders(["--db", db, "explore", "--app", "Tasktide", "kubernetes helm"]),
      exitWithClosedReaders(["--db", db, "chats", "--app", "Tasktide"]),
    ]);
    expect(results).toEqual([
      { code: 10, signal: null },
      { code: 0, signal: null },
    ]);
  }, 60_000);
});
