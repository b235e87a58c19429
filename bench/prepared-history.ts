/**
 * The large generated history, indexed once and shared by the explorer, index-lifecycle and
 * rg-baseline sections: H1's seeded generator (`generate-history.ts`, run in a child process) plus
 * a full drain by the real indexer. Cached under the OS temp folder keyed by size and projection
 * version, because generating and indexing 1M messages takes minutes on a 2-core machine.
 * `BENCH_FRESH=1` rebuilds it. Sections that write restore what they wrote before returning.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createIndexer } from "../src/history/indexer/create-indexer.js";
import { PROJECTION_VERSION } from "../src/history/projection/projection-version.js";
import { openStore } from "../src/store/open-store.js";

/** Where the prepared history is and how it was obtained. */
export interface PreparedHistory {
  readonly path: string;
  readonly messages: number;
  /** True when an earlier run's cached copy was used (then the build times are null). */
  readonly reused: boolean;
  readonly generateMs: number | null;
  readonly backfillMs: number | null;
}

/** The bench's history size: `BENCH_MESSAGES` (default 1,000,000, at least 100). */
export function benchMessages(): number {
  const messages = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
  if (!Number.isInteger(messages) || messages < 100) {
    throw new RangeError("BENCH_MESSAGES must be an integer >= 100");
  }
  return messages;
}

/** Returns the indexed history of `messages` messages, building it if needed. */
export async function preparedHistory(
  messages: number,
  log: (line: string) => void,
): Promise<PreparedHistory> {
  const dir = join(tmpdir(), "recollect-bench-cache");
  const path = join(dir, `history-${messages}-p${PROJECTION_VERSION}.db`);
  const ready = `${path}.ready`;
  if (process.env.BENCH_FRESH !== "1" && existsSync(ready) && existsSync(path)) {
    log(`using the cached indexed history ${path}`);
    return { path, messages, reused: true, generateMs: null, backfillMs: null };
  }
  mkdirSync(dir, { recursive: true });
  const building = `${path}.building`;
  for (const file of [building, `${building}-wal`, `${building}-shm`, path, ready]) {
    rmSync(file, { force: true });
  }
  log(`generating ${messages.toLocaleString("en")} messages (cached for later runs)…`);
  const generator = fileURLToPath(new URL("./generate-history.ts", import.meta.url));
  const generateStart = performance.now();
  execFileSync(process.execPath, ["--import", "tsx", generator, building, String(messages)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const generateMs = performance.now() - generateStart;
  const backfillStart = performance.now();
  {
    using store = openStore({ path: building });
    const indexer = createIndexer({ store, pollIntervalMs: 0 });
    indexer.repair();
    await indexer.drainAll();
    await indexer.stop();
    store.db.pragma("wal_checkpoint(TRUNCATE)");
  }
  const backfillMs = performance.now() - backfillStart;
  renameSync(building, path);
  writeFileSync(ready, `${new Date().toISOString()}\n`);
  log(
    `generated in ${(generateMs / 1000).toFixed(1)} s, indexed in ${(backfillMs / 1000).toFixed(1)} s`,
  );
  return { path, messages, reused: false, generateMs, backfillMs };
}
