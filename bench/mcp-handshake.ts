/**
 * Bench section `mcp-handshake` (issue 10 § Shows): how long a coding agent waits for
 * `recollect mcp` — from spawning the process to `initialize` answered (the SDK client's
 * `connect()` resolving), p50/p95 — on the large generated history with half of its messages
 * queued for indexing, the state right after a big import or a projection change. Beside it, in
 * the same run:
 * - the same store fully indexed (indexing must not delay the handshake: the ratio should be ≈ 1);
 * - the full CLI entry (`tsx src/cli/main.ts mcp`), which loads every command (what the
 *   `bin/recollect.js` fast path saves);
 * - the floor: a bare SDK server started the same way (`minimal-mcp-server.ts`).
 * Also the time until the first `tools/list` is answered (the tool definitions and the Engine load
 * after the handshake). Target from the issue: `initialize` within 300 ms.
 */
import { copyFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { settingsStoreForStorePath } from "../src/settings/index.js";
import { openStore } from "../src/store/open-store.js";
import { type BenchReport, percentile } from "./bench-report.js";
import { benchMessages, preparedHistory } from "./prepared-history.js";

const TRIALS = Number(process.env.BENCH_MCP_TRIALS ?? 15);
const TARGET_INITIALIZE_MS = 300;
const ROOT = fileURLToPath(new URL("..", import.meta.url));

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

interface Trial {
  readonly initializeMs: number;
  readonly toolsListMs: number | null;
}

async function handshake(args: readonly string[], listTools: boolean): Promise<Trial> {
  const start = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args],
    cwd: ROOT,
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(transport);
  const initializeMs = performance.now() - start;
  let toolsListMs: number | null = null;
  if (listTools) {
    await client.listTools();
    toolsListMs = performance.now() - start;
  }
  await client.close();
  return { initializeMs, toolsListMs };
}

function summary(trials: readonly Trial[]) {
  const init = trials.map((trial) => trial.initializeMs);
  const lists = trials.flatMap((trial) => (trial.toolsListMs === null ? [] : [trial.toolsListMs]));
  return {
    initialize_p50_ms: Math.round(percentile(init, 50)),
    initialize_p95_ms: Math.round(percentile(init, 95)),
    ...(lists.length > 0
      ? {
          tools_list_p50_ms: Math.round(percentile(lists, 50)),
          tools_list_p95_ms: Math.round(percentile(lists, 95)),
        }
      : {}),
  };
}

/** Runs the section; see the module comment. */
export async function runBench(): Promise<BenchReport> {
  const history = await preparedHistory(benchMessages(), line);
  const copy = join(tmpdir(), `recollect-bench-mcp-${process.pid}.db`);
  copyFileSync(history.path, copy);
  settingsStoreForStorePath(copy).update((current) => ({ ...current, entitlement: "pro" }));
  const queueHalf = () => {
    using store = openStore({ path: copy });
    store.db.exec(
      "INSERT OR IGNORE INTO history_dirty_messages (message_id) SELECT id FROM messages WHERE id % 2 = 0",
    );
    return store.db.prepare("SELECT count(*) FROM history_dirty_messages").pluck().get() as number;
  };
  const clearQueue = () => {
    using store = openStore({ path: copy });
    store.db.exec("DELETE FROM history_dirty_messages");
  };
  const bin = [join(ROOT, "bin/recollect.js"), "--db", copy, "mcp"];
  const fullCli = ["--import", "tsx", join(ROOT, "src/cli/main.ts"), "--db", copy, "mcp"];
  const floor = ["--import", "tsx", join(ROOT, "bench/minimal-mcp-server.ts")];
  try {
    const halfDrained: Trial[] = [];
    const indexed: Trial[] = [];
    const full: Trial[] = [];
    const bare: Trial[] = [];
    let queued = 0;
    // Interleaved so machine load affects every variant alike; the first round warms tsx's cache.
    for (let round = 0; round <= TRIALS; round++) {
      queued = queueHalf();
      const half = await handshake(bin, true);
      clearQueue();
      const ready = await handshake(bin, true);
      queueHalf();
      const whole = await handshake(fullCli, false);
      const minimal = await handshake(floor, false);
      if (round === 0) continue;
      halfDrained.push(half);
      indexed.push(ready);
      full.push(whole);
      bare.push(minimal);
    }
    const figures = {
      messages: history.messages,
      queued_for_indexing: queued,
      trials: TRIALS,
      half_drained: summary(halfDrained),
      fully_indexed: summary(indexed),
      full_cli_entry: summary(full),
      bare_sdk_server: summary(bare),
    };
    line(
      `${history.messages.toLocaleString("en")} messages, ${queued.toLocaleString("en")} queued for indexing; ${TRIALS} trials each`,
    );
    for (const [name, value] of Object.entries(figures)) {
      if (typeof value === "object") line(`${name.padEnd(16)} ${JSON.stringify(value)}`);
    }
    const ratio = figures.half_drained.initialize_p50_ms / figures.fully_indexed.initialize_p50_ms;
    line(`half-drained / indexed initialize p50: ${ratio.toFixed(2)}x`);
    return {
      figures: { ...figures, half_drained_over_indexed_p50: Number(ratio.toFixed(2)) },
      targets: {
        initialize_p95_under_300ms: figures.half_drained.initialize_p95_ms <= TARGET_INITIALIZE_MS,
        indexing_does_not_delay_handshake: ratio <= 1.2,
      },
    };
  } finally {
    for (const suffix of ["", "-wal", "-shm", ".settings.json", ".telemetry.jsonl"]) {
      rmSync(`${copy}${suffix}`, { force: true });
    }
  }
}
