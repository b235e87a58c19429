/**
 * SIGINT to `recollect mcp` once it serves (issue 29 § Build 1), as Claude Code sends it: SIGTERM
 * follows 100 ms later when the server has not exited, and a second signal ends the run at once.
 * 20 real child processes, each following the client's project (chokidar) when the signal came:
 * each exits 130 with its store closed — no `-wal`/`-shm` left beside it (before: left in 3 of 5
 * runs with Claude Code, whose SIGTERM came while the server waited for its watcher to close).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { HANDSHAKE, spawnRawMcp } from "./testing/spawn-raw-mcp.js";

const RUNS = 20;
/** Claude Code's wait between SIGINT and SIGTERM, ms. */
const HOST_SIGTERM_AFTER_MS = 100;
/**
 * Loose bound on signal → exit, ms. Not the 100 ms target: on a shared 2-core machine, signal
 * delivery and the checkout's tsx teardown alone can exceed it (see docs/MCP.md § Shutdown).
 */
const EXIT_BOUND_MS = 2_000;

let store: McpTestStore;
let home: string;
beforeAll(async () => {
  store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
  home = mkdtempSync(join(tmpdir(), "recollect-home-"));
  // A Claude Code history folder for the project, so the server follows it with chokidar.
  mkdirSync(join(home, ".claude", "projects", process.cwd().replace(/[^A-Za-z0-9]/g, "-")), {
    recursive: true,
  });
});
afterAll(() => {
  store.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("recollect mcp: SIGINT", () => {
  it(`exits 130 with its store closed, ${RUNS} of ${RUNS}`, async () => {
    const outcomes: string[] = [];
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await using server = spawnRawMcp(store.path, ["--app", "Acme Shop"], {
        HOME: home,
        CLAUDE_CONFIG_DIR: "",
      });
      server.send(...HANDSHAKE, { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
      await expect.poll(() => server.response(2), { timeout: 30_000 }).toBeDefined();
      // Time for the background sync and the watch to start.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const started = performance.now();
      server.child.kill("SIGINT");
      const term = setTimeout(() => server.child.kill("SIGTERM"), HOST_SIGTERM_AFTER_MS);
      const exit = await server.exited;
      clearTimeout(term);
      times.push(performance.now() - started);
      outcomes.push(
        [
          exit.code,
          server.stderr().includes("recollect: Stopped by SIGINT.\n"),
          existsSync(`${store.path}-wal`),
          existsSync(`${store.path}-shm`),
        ].join(" "),
      );
    }
    expect(outcomes).toEqual(Array.from({ length: RUNS }, () => "130 true false false"));
    expect(Math.max(...times)).toBeLessThanOrEqual(EXIT_BOUND_MS);
  }, 240_000);
});
