/**
 * `npm run bench team` (issue 32): the team store beside the local one, in the same run, on the
 * bench's history (`BENCH_MESSAGES`, default 1M): push throughput (msg/s) of the whole store into
 * a throwaway PostgreSQL cluster, then search p50/p95 (1–6 terms) and explorer p95 (offline engine)
 * through each backend's history port, same queries, same apps, and their ratio.
 */
import { performance } from "node:perf_hooks";
import { createExplorerEngine } from "../src/agent/explorer-engine.js";
import { exploreApp } from "../src/agent/tools/explore-chat-history/explore-app.js";
import { type HistoryPort, sqliteHistoryPort } from "../src/history/index.js";
import { STOPWORDS } from "../src/history/text/stopwords.js";
import { openStore } from "../src/store/open-store.js";
import { createTeamFixture } from "../src/team/testing/team-fixture.js";
import { startPostgresCluster } from "../src/test/postgres-cluster.js";
import { type BenchReport, percentile } from "./bench-report.js";
import { benchMessages, preparedHistory } from "./prepared-history.js";
import { createRandom, createVocabulary } from "./vocabulary.js";

/** Searches per term count and backend, after {@link WARMUP} unmeasured ones. */
const QUERIES_PER_SIZE = 40;
const WARMUP = 10;
/** Explorer runs per backend. */
const EXPLORES = 10;

const line = (text: string) => process.stdout.write(`${text}\n`);

export async function runBench(): Promise<BenchReport> {
  const messages = benchMessages();
  const prepared = await preparedHistory(messages, line);
  const store = openStore({ path: prepared.path });
  const cluster = await startPostgresCluster();
  const team = await createTeamFixture(cluster, "bench");
  try {
    const apps = store.db.prepare("SELECT id, name FROM apps ORDER BY id").all() as {
      id: number;
      name: string;
    }[];
    for (const app of apps) await team.grant(app.name, "bench");
    const pushStart = performance.now();
    const pushed = await team.push("bench", store, "bench-machine");
    const pushMs = performance.now() - pushStart;
    const sent = pushed.apps.reduce((sum, app) => sum + app.messagesInserted, 0);
    const pushRate = sent / (pushMs / 1000);
    line(
      `push: ${sent.toLocaleString("en")} messages in ${(pushMs / 1000).toFixed(1)} s = ${Math.round(pushRate).toLocaleString("en")} msg/s`,
    );

    const local = sqliteHistoryPort(store);
    const remote = await team.portFor("bench");
    const idOn = async (port: HistoryPort, name: string) => (await port.resolveApp(name)).id;
    const random = createRandom(11);
    const vocabulary = createVocabulary(43);
    const makeQuery = (size: number) => {
      const words = new Set<string>();
      while (words.size < size) {
        const word = vocabulary.sample(random);
        if (!STOPWORDS.has(word)) words.add(word);
      }
      return [...words].join(" ");
    };
    const timeOn = async (port: HistoryPort, appName: string, query: string) => {
      const appId = await idOn(port, appName);
      const start = performance.now();
      await port.searchChats(
        { appId, currentChatId: null, currentMessageId: null },
        { query, limit: 8 },
      );
      return performance.now() - start;
    };
    const pickApp = () => apps[Math.floor(random() * apps.length)]?.name ?? "";
    for (let n = 0; n < WARMUP; n += 1) {
      const query = makeQuery(1 + (n % 6));
      const app = pickApp();
      await timeOn(local, app, query);
      await timeOn(remote, app, query);
    }
    const search: Record<string, number>[] = [];
    line("search (limit 8; ms)   sqlite p50  sqlite p95  server p50  server p95  p95 ratio");
    for (let size = 1; size <= 6; size += 1) {
      const ours: number[] = [];
      const server: number[] = [];
      for (let n = 0; n < QUERIES_PER_SIZE; n += 1) {
        const query = makeQuery(size);
        const app = pickApp();
        ours.push(await timeOn(local, app, query));
        server.push(await timeOn(remote, app, query));
      }
      const row = {
        terms: size,
        sqlite_p50_ms: percentile(ours, 50),
        sqlite_p95_ms: percentile(ours, 95),
        server_p50_ms: percentile(server, 50),
        server_p95_ms: percentile(server, 95),
        p95_ratio: percentile(server, 95) / percentile(ours, 95),
      };
      search.push(row);
      line(
        `  ${size} term${size === 1 ? " " : "s"}             ${row.sqlite_p50_ms.toFixed(1).padStart(9)}  ${row.sqlite_p95_ms.toFixed(1).padStart(10)}  ${row.server_p50_ms.toFixed(1).padStart(10)}  ${row.server_p95_ms.toFixed(1).padStart(10)}  ${row.p95_ratio.toFixed(2).padStart(8)}x`,
      );
    }
    const engine = createExplorerEngine({ kind: "offline" });
    const explore = async (port: HistoryPort, appName: string, query: string) => {
      const start = performance.now();
      await exploreApp({
        store: port,
        appName,
        query,
        engine,
        isPro: true,
        signal: new AbortController().signal,
      });
      return performance.now() - start;
    };
    const exploreLocal: number[] = [];
    const exploreServer: number[] = [];
    for (let n = 0; n < EXPLORES; n += 1) {
      const query = `What did we decide about ${makeQuery(2)}?`;
      const app = pickApp();
      exploreLocal.push(await explore(local, app, query));
      exploreServer.push(await explore(remote, app, query));
    }
    const explorer = {
      sqlite_p95_ms: percentile(exploreLocal, 95),
      server_p95_ms: percentile(exploreServer, 95),
      p95_ratio: percentile(exploreServer, 95) / percentile(exploreLocal, 95),
    };
    line(
      `explorer (offline engine; ms): sqlite p95 ${explorer.sqlite_p95_ms.toFixed(0)}, server p95 ${explorer.server_p95_ms.toFixed(0)}, ratio ${explorer.p95_ratio.toFixed(2)}x`,
    );
    return {
      figures: { messages, push_ms: pushMs, push_msg_per_s: pushRate, search, explorer },
      targets: {},
    };
  } finally {
    await team.close();
    cluster.stop();
    store.close();
  }
}
