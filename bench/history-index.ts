/**
 * Bench section `history-index` (issue #2 bench): a generated history of `BENCH_MESSAGES`
 * (default 1,000,000) messages over 10,000 chats in 50 apps, written through the real store; then
 * - the full backfill by the real indexer: messages/s and peak RSS (generation runs in a child
 *   process so its memory does not count);
 * - search p50/p95 for 1–6-term queries through `searchChats()`;
 * each beside a bare FTS5 baseline measured in the same run on the same rows and queries (raw
 * content, no projection, app token inside MATCH, bm25 + snippet, LIMIT 200, no grouping).
 * Targets: search p95 ≤ 1.5x bare and < 50 ms; backfill < 180 s; peak RSS < 500 MB.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createIndexer } from "../src/history/indexer/create-indexer.js";
import { quoteFtsString } from "../src/history/search/build-fts-query.js";
import { extractTerms } from "../src/history/search/extract-terms.js";
import { searchChats } from "../src/history/search/search-chats.js";
import { STOPWORDS } from "../src/history/text/stopwords.js";
import { openStore } from "../src/store/open-store.js";
import { type BenchReport, percentile } from "./bench-report.js";
import { createRandom, createVocabulary } from "./vocabulary.js";

/** Queries per term count (1–6), after {@link WARMUP_QUERIES} unmeasured ones. */
const QUERIES_PER_SIZE = 100;
const WARMUP_QUERIES = 30;
const BARE_BATCH = 5_000;
const MB = 1024 * 1024;

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

function generate(path: string, messages: number): void {
  const generator = fileURLToPath(new URL("./generate-history.ts", import.meta.url));
  execFileSync(process.execPath, ["--import", "tsx", generator, path, String(messages)], {
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** Runs the section; see the module comment. Removes its temporary database afterwards. */
export async function runBench(): Promise<BenchReport> {
  const messages = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
  if (!Number.isInteger(messages) || messages < 100)
    throw new RangeError("BENCH_MESSAGES must be an integer ≥ 100");
  const dir = mkdtempSync(join(tmpdir(), "recollect-bench-"));
  const path = join(dir, "history.db");
  try {
    line(`generating ${messages.toLocaleString("en")} messages…`);
    const generateStart = performance.now();
    generate(path, messages);
    line(`generated in ${((performance.now() - generateStart) / 1000).toFixed(1)} s`);

    using store = openStore({ path });
    const { db } = store;
    const apps = db.prepare("SELECT count(*) FROM apps").pluck().get() as number;
    const chatsByApp = new Map<number, number[]>();
    for (const row of db.prepare("SELECT id, app_id FROM chats").all() as {
      id: number;
      app_id: number;
    }[]) {
      chatsByApp.set(row.app_id, [...(chatsByApp.get(row.app_id) ?? []), row.id]);
    }

    // Backfill through the real indexer, sampling RSS between batches.
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 25);
    const indexer = createIndexer({ store, pollIntervalMs: 0 });
    const backfillStart = performance.now();
    const cpuStart = process.cpuUsage();
    indexer.repair();
    const indexed = await indexer.drainAll();
    const backfillMs = performance.now() - backfillStart;
    const cpu = process.cpuUsage(cpuStart);
    const backfillCpuMs = (cpu.user + cpu.system) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
    // The frequent-term snapshot a running indexer refreshes by itself after a large drain.
    const statsStart = performance.now();
    const stats = await indexer.refreshTermStats();
    const termStatsMs = performance.now() - statsStart;
    await indexer.stop();
    const throughput = indexed / (backfillMs / 1000);

    // Bare FTS5 on the same rows: raw content, app token, no projection.
    db.exec(
      "CREATE VIRTUAL TABLE bare_fts USING fts5(app, body, tokenize = 'porter unicode61 remove_diacritics 2')",
    );
    const bareInsert = db.prepare(`
      INSERT INTO bare_fts (rowid, app, body)
      SELECT m.id, 'app' || c.app_id, m.content FROM messages m JOIN chats c ON c.id = m.chat_id
      WHERE m.id > ? ORDER BY m.id LIMIT ${BARE_BATCH}`);
    const bareStart = performance.now();
    let lastId = 0;
    for (;;) {
      const inserted = db.transaction(() => bareInsert.run(lastId).changes)();
      if (inserted === 0) break;
      lastId = db.prepare("SELECT max(rowid) FROM bare_fts").pluck().get() as number;
    }
    const bareInsertMs = performance.now() - bareStart;
    const bareThroughput = messages / (bareInsertMs / 1000);

    line(
      `backfill: ${indexed.toLocaleString("en")} messages in ${(backfillMs / 1000).toFixed(1)} s = ${Math.round(throughput).toLocaleString("en")} msg/s; peak RSS ${(peakRss / MB).toFixed(0)} MB`,
    );
    line(
      `frequent-term snapshot: ${Object.keys(stats?.terms ?? {}).length} terms ≥ 2% of rows, built in ${(termStatsMs / 1000).toFixed(1)} s (background, chunked)`,
    );
    // Wall time depends on what else the machine runs; CPU time shows the indexer's own cost.
    line(
      `  CPU ${(backfillCpuMs / 1000).toFixed(1)} s = ${Math.round(indexed / (backfillCpuMs / 1000)).toLocaleString("en")} msg per CPU-second; load average at end ${loadavg()[0]?.toFixed(1)}`,
    );
    line(
      `bare FTS5 insert (same rows, raw content): ${(bareInsertMs / 1000).toFixed(1)} s = ${Math.round(bareThroughput).toLocaleString("en")} msg/s; backfill/bare time ratio ${(backfillMs / bareInsertMs).toFixed(2)}x`,
    );

    // Search: same queries through searchChats() and bare FTS5.
    const random = createRandom(7);
    const vocabulary = createVocabulary(43);
    const bareSearch = db.prepare(
      `SELECT rowid, bm25(bare_fts) AS score, snippet(bare_fts, 1, '', '', '…', 16) AS excerpt
       FROM bare_fts WHERE bare_fts MATCH ? ORDER BY score LIMIT 200`,
    );
    const makeQuery = (size: number): string => {
      const words = new Set<string>();
      while (words.size < size) {
        const word = vocabulary.sample(random);
        if (!STOPWORDS.has(word)) words.add(word);
      }
      return [...words].join(" ");
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const runOne = async (query: string) => {
      const appId = 1 + Math.floor(random() * apps);
      const currentChatId = pick(chatsByApp.get(appId) ?? [0]);
      const oursStart = performance.now();
      await searchChats(
        { store, appId, currentChatId, currentMessageId: null },
        { query, limit: 8 },
      );
      const oursMs = performance.now() - oursStart;
      const { words } = extractTerms(query);
      const match = `app:"app${appId}" AND body:(${words.map(quoteFtsString).join(" OR ")})`;
      const bareStartMs = performance.now();
      bareSearch.all(match);
      const bareMs = performance.now() - bareStartMs;
      return { oursMs, bareMs };
    };
    for (let n = 0; n < WARMUP_QUERIES; n += 1) await runOne(makeQuery(1 + (n % 6)));
    const search: Record<string, unknown>[] = [];
    const targets: Record<string, boolean> = {
      backfill_under_180_s: backfillMs < 180_000,
      peak_rss_under_500_mb: peakRss < 500 * MB,
    };
    line("search (limit 8; ms)   ours p50  ours p95  bare p50  bare p95  p95 ratio");
    for (let size = 1; size <= 6; size += 1) {
      const ours: number[] = [];
      const bare: number[] = [];
      for (let n = 0; n < QUERIES_PER_SIZE; n += 1) {
        const timing = await runOne(makeQuery(size));
        ours.push(timing.oursMs);
        bare.push(timing.bareMs);
      }
      const row = {
        terms: size,
        ours_p50_ms: percentile(ours, 50),
        ours_p95_ms: percentile(ours, 95),
        bare_p50_ms: percentile(bare, 50),
        bare_p95_ms: percentile(bare, 95),
        p95_ratio: percentile(ours, 95) / percentile(bare, 95),
      };
      search.push(row);
      targets[`search_${size}_terms_p95_within_1_5x_bare`] = row.p95_ratio <= 1.5;
      targets[`search_${size}_terms_p95_under_50_ms`] = row.ours_p95_ms < 50;
      line(
        `  ${size} term${size === 1 ? " " : "s"}              ${row.ours_p50_ms.toFixed(1).padStart(8)}  ${row.ours_p95_ms.toFixed(1).padStart(8)}  ${row.bare_p50_ms.toFixed(1).padStart(8)}  ${row.bare_p95_ms.toFixed(1).padStart(8)}  ${row.p95_ratio.toFixed(2).padStart(8)}x`,
      );
    }
    const fileBytes = statSync(path).size;
    line(
      `cores: ${availableParallelism()}; database file ${(fileBytes / MB).toFixed(0)} MB (with the bare table)`,
    );
    for (const [name, met] of Object.entries(targets)) line(`  ${met ? "PASS" : "FAIL"} ${name}`);
    return {
      figures: {
        messages,
        apps,
        cores: availableParallelism(),
        backfill_ms: backfillMs,
        backfill_messages_per_s: throughput,
        backfill_cpu_ms: backfillCpuMs,
        term_stats_ms: termStatsMs,
        load_average_1m: loadavg()[0],
        peak_rss_bytes: peakRss,
        bare_insert_ms: bareInsertMs,
        bare_insert_messages_per_s: bareThroughput,
        database_bytes: fileBytes,
        search,
      },
      targets,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
