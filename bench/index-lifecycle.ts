/**
 * Bench section `index-lifecycle` (issue 6 § Build 3; plan § Indexer Lifecycle measurements): on
 * the large generated history,
 * - index size on disk: the FTS5 tables' pages beside the message text they index (ratio);
 * - a write burst (`BURST_MESSAGES` messages in transactions of {@link BURST_TRANSACTION}, the
 *   writer yielding between transactions like a live app) with the real background indexer:
 *   peak dirty-queue size, drain time after the burst, and the indexer's rate beside the writer's;
 * - time from a message write to it being searchable through `searchChats()` (p50/p95), beside
 *   the indexer's kick debounce, which is the floor.
 * Everything it writes goes into a separate app that is deleted (and de-indexed) at the end.
 */
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { createIndexer, DEFAULT_KICK_DEBOUNCE_MS } from "../src/history/indexer/create-indexer.js";
import { searchChats } from "../src/history/search/search-chats.js";
import { openStore } from "../src/store/open-store.js";
import { type BenchReport, percentile } from "./bench-report.js";
import { benchMessages, preparedHistory } from "./prepared-history.js";
import { createRandom, createVocabulary } from "./vocabulary.js";

const BURST_MESSAGES = 5_000;
const BURST_TRANSACTION = 25;
const SEARCHABLE_TRIALS = 30;
/** Give up on one write-to-searchable trial after this long, ms. */
const SEARCHABLE_DEADLINE_MS = 2_000;
const BURST_APP = "bench-write-burst";

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

function ftsBytes(db: ReturnType<typeof openStore>["db"]): number | null {
  try {
    return db
      .prepare("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'history_fts%'")
      .pluck()
      .get() as number;
  } catch {
    return null;
  }
}

/** Runs the section; see the module comment. */
export async function runBench(): Promise<BenchReport> {
  const cores = availableParallelism();
  const history = await preparedHistory(benchMessages(), line);
  using store = openStore({ path: history.path });
  const { db } = store;
  db.prepare("DELETE FROM apps WHERE name = ?").run(BURST_APP);

  const contentBytes = db
    .prepare("SELECT sum(length(CAST(content AS BLOB))) FROM messages")
    .pluck()
    .get() as number;
  const indexBytes = ftsBytes(db);
  const fileBytes =
    (db.pragma("page_count", { simple: true }) as number) *
    (db.pragma("page_size", { simple: true }) as number);
  line(
    `cores ${cores}; ${history.messages.toLocaleString("en")} messages; database ${(fileBytes / 2 ** 20).toFixed(0)} MB`,
  );
  line(
    indexBytes === null
      ? "index size: dbstat unavailable in this SQLite build"
      : `index size: ${(indexBytes / 2 ** 20).toFixed(0)} MB of FTS5 pages for ${(contentBytes / 2 ** 20).toFixed(0)} MB of message text (${(indexBytes / contentBytes).toFixed(2)}x)`,
  );

  const random = createRandom(23);
  const vocabulary = createVocabulary(43);
  const text = (words: number) =>
    Array.from({ length: words }, () => vocabulary.sample(random)).join(" ");
  const appId = Number(
    db.prepare("INSERT INTO apps (name, created_at) VALUES (?, ?)").run(BURST_APP, Date.now())
      .lastInsertRowid,
  );
  const insertChat = db.prepare(
    "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'bench-burst', ?)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)",
  );
  const queueSize = db.prepare("SELECT count(*) FROM history_dirty_messages").pluck();
  const chatIds = Array.from({ length: 20 }, (_, n) =>
    Number(insertChat.run(appId, `burst chat ${n}`, Date.now(), `burst-${n}`).lastInsertRowid),
  );

  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  indexer.start();
  await indexer.waitForIdle({ deadlineMs: 60_000 });
  try {
    // Write burst.
    let peakQueue = 0;
    let written = 0;
    const burstStart = performance.now();
    while (written < BURST_MESSAGES) {
      db.transaction(() => {
        for (let n = 0; n < BURST_TRANSACTION; n += 1) {
          const chatId = chatIds[(written + n) % chatIds.length]!;
          insertMessage.run(
            chatId,
            n % 2 === 0 ? "user" : "assistant",
            text(20 + Math.floor(random() * 120)),
            Date.now(),
          );
        }
      })();
      written += BURST_TRANSACTION;
      indexer.kick();
      peakQueue = Math.max(peakQueue, queueSize.get() as number);
      await yieldToEventLoop();
    }
    const burstMs = performance.now() - burstStart;
    const queueAtBurstEnd = queueSize.get() as number;
    const drainStart = performance.now();
    await indexer.waitForIdle({ deadlineMs: 120_000 });
    const drainAfterBurstMs = performance.now() - drainStart;
    const totalMs = burstMs + drainAfterBurstMs;
    line(
      `write burst: ${BURST_MESSAGES} messages in transactions of ${BURST_TRANSACTION}: written in ${burstMs.toFixed(0)} ms (${Math.round(BURST_MESSAGES / (burstMs / 1000))} msg/s); peak dirty queue ${peakQueue}, ${queueAtBurstEnd} at burst end; drained ${drainAfterBurstMs.toFixed(0)} ms after the burst; all indexed ${(totalMs / 1000).toFixed(2)} s after the first write (${(totalMs / burstMs).toFixed(2)}x the write time)`,
    );

    // Write → searchable.
    const delays: number[] = [];
    let timeouts = 0;
    for (let trial = 0; trial < SEARCHABLE_TRIALS; trial += 1) {
      const nonce = `zq${trial}${Math.floor(random() * 1e9).toString(36)}`;
      const chatId = chatIds[trial % chatIds.length]!;
      const start = performance.now();
      insertMessage.run(chatId, "user", `${text(12)} ${nonce} ${text(8)}`, Date.now());
      indexer.kick();
      for (;;) {
        const result = await searchChats(
          { store, appId, currentChatId: null, currentMessageId: null },
          { query: nonce, limit: 1 },
        );
        if (result.chats.length > 0) {
          delays.push(performance.now() - start);
          break;
        }
        if (performance.now() - start > SEARCHABLE_DEADLINE_MS) {
          timeouts += 1;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
    const searchable = {
      trials: SEARCHABLE_TRIALS,
      timeouts,
      p50_ms: percentile(delays, 50),
      p95_ms: percentile(delays, 95),
      kick_debounce_ms: DEFAULT_KICK_DEBOUNCE_MS,
      p95_to_debounce_ratio: percentile(delays, 95) / DEFAULT_KICK_DEBOUNCE_MS,
    };
    if (delays.length === 0) {
      line(
        `write → searchable: none of ${SEARCHABLE_TRIALS} writes became searchable within ${SEARCHABLE_DEADLINE_MS} ms after kick() (the background indexer did not drain)`,
      );
    } else
      line(
        `write → searchable: p50 ${searchable.p50_ms.toFixed(1)} ms, p95 ${searchable.p95_ms.toFixed(1)} ms over ${SEARCHABLE_TRIALS} writes (${timeouts} timed out); kick debounce ${DEFAULT_KICK_DEBOUNCE_MS} ms, p95 ${searchable.p95_to_debounce_ratio.toFixed(2)}x of it`,
      );
    return {
      figures: {
        cores,
        messages: history.messages,
        database_bytes: fileBytes,
        message_text_bytes: contentBytes,
        fts_index_bytes: indexBytes,
        index_to_text_ratio: indexBytes === null ? null : indexBytes / contentBytes,
        burst: {
          messages: BURST_MESSAGES,
          transaction_messages: BURST_TRANSACTION,
          write_ms: burstMs,
          peak_dirty_queue: peakQueue,
          dirty_queue_at_burst_end: queueAtBurstEnd,
          drain_after_burst_ms: drainAfterBurstMs,
          indexed_after_first_write_ms: totalMs,
          indexed_to_write_time_ratio: totalMs / burstMs,
        },
        write_to_searchable: searchable,
      },
      targets: { every_write_became_searchable: timeouts === 0 },
    };
  } finally {
    db.prepare("DELETE FROM apps WHERE id = ?").run(appId);
    await indexer.waitForIdle({ deadlineMs: 60_000 });
    await indexer.stop();
  }
}
