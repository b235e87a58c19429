/**
 * The team store ranks as the local index does (issue 32): on one app (so FTS5's whole-store
 * statistics are the app's), the same queries give the same chats, the same matches and the same
 * order on SQLite and on PostgreSQL — title weight, length normalisation, the phrase bonus, CJK
 * bigrams, demoted compaction summaries, the other matches named by id, and a session's turns
 * that match only by its title put after those that say the query, included.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createIndexer, sqliteHistoryPort } from "../history/index.js";
import { createHistoryFixture, type HistoryFixture } from "../history/testing/history-fixture.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.js";
import { describeRequiring } from "../test/require-resource.js";
import { createTeamFixture, type TeamFixture } from "./testing/team-fixture.js";

const QUERIES = [
  "cache",
  "cache invalidation",
  "redis cache eviction policy",
  "invalidation redis",
  "缓存",
  "缓存失效",
  "deploy friday",
  "real time",
];

function oneAppHistory(): HistoryFixture {
  const f = createHistoryFixture();
  const app = f.app("Solo");
  const day = (d: number) => Date.UTC(2026, 0, d);
  const a = f.chat(app, "Cache invalidation", day(1));
  f.message(a, "user", "How should cache invalidation work for product pages?", {
    createdAt: day(1),
  });
  f.message(
    a,
    "assistant",
    "Invalidate the cache on every product write; redis keys expire after an hour.",
    { createdAt: day(1) + 1 },
  );
  const b = f.chat(app, "Redis", day(2));
  f.message(b, "user", "Redis eviction policy is allkeys-lru, decided after the outage.", {
    createdAt: day(2),
  });
  f.message(
    b,
    "assistant",
    "The cache cache cache is redis; eviction is lru and the policy stays.",
    { createdAt: day(2) + 1 },
  );
  f.message(b, "assistant", "Summary: redis cache eviction policy allkeys-lru.", {
    createdAt: day(2) + 2,
    compaction: true,
  });
  const c = f.chat(app, "Deploys", day(3));
  f.message(
    c,
    "user",
    "We never deploy on friday; the cache warms on monday mornings after a long weekend of quiet traffic and many other words that make this message long.",
    { createdAt: day(3) },
  );
  const d = f.chat(app, "缓存设计", day(4));
  f.message(d, "user", "我们决定缓存失效在每次写入时发生。", { createdAt: day(4) });
  f.message(d, "assistant", "缓存使用 redis。", { createdAt: day(4) + 1 });
  // Titled with its first prompt, as coding agents do: every turn matches "real time" by title.
  const e = f.chat(app, "Make the board real time", day(5));
  const turns = [
    "Make the board real time, no turns.",
    `${"Rendering pieces and wiring the clock. ".repeat(10)}Moves run in real time now.`,
    "undo the last change",
    "ok",
    "Say in the readme that play is real time.",
  ];
  turns.forEach((text, i) => {
    f.message(e, i % 2 === 0 ? "user" : "assistant", text, { createdAt: day(5) + i });
  });
  const indexer = createIndexer({ store: f.store, pollIntervalMs: 0 });
  while (indexer.drainOnce() > 0) {}
  return f;
}

describeRequiring([POSTGRESQL], "ranking parity between SQLite and a team store", () => {
  let cluster: PostgresCluster;
  let team: TeamFixture;
  let local: HistoryFixture;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    team = await createTeamFixture(cluster, "parity");
    await team.grant("Solo", "ann");
    local = oneAppHistory();
    await team.push("ann", local.store, "m1");
  });
  afterAll(async () => {
    await team?.close();
    cluster?.stop();
    local?.store.close();
  });

  it.each(QUERIES)("ranks %s the same on both backends", async (query) => {
    const sqlite = sqliteHistoryPort(local.store);
    const server = await team.portFor("ann");
    const shape = async (port: typeof sqlite) => {
      const app = await port.resolveApp("Solo");
      const result = await port.searchChats(
        { appId: app.id, currentChatId: null, currentMessageId: null },
        { query, limit: 20 },
      );
      return result.chats.map((chat) => ({
        title: chat.chat_title,
        matches: chat.matches.map((m) => [m.role, m.excerpt, m.is_compaction_summary]),
        more: chat.more_match_ids?.length ?? 0,
        count: chat.more_match_count ?? 0,
      }));
    };
    const expected = await shape(sqlite);
    expect(expected.length).toBeGreaterThan(0);
    expect(await shape(server)).toEqual(expected);
    // The Redis chat holds three hits of this query: one is named by id only, on both backends.
    if (query === "redis cache eviction policy") {
      expect(expected.find((chat) => chat.title === "Redis")?.more).toBe(1);
    }
    // Turns matching by the session's title alone are neither shown nor named, on both backends.
    if (query === "real time") {
      const session = expected.find((chat) => chat.title === "Make the board real time");
      expect(session?.matches.map(([, excerpt]) => excerpt)).toEqual([
        "Make the board real time, no turns.",
        "Say in the readme that play is real time.",
      ]);
      expect([session?.more, session?.count]).toEqual([1, 1]);
    }
  });
});
