/**
 * Check 8 — `kill -9` during `recollect push` (issue 32). The bench's generated history
 * (`bench/prepared-history.ts`, `--push-messages` messages) is pushed by the real CLI in a child
 * process into a fresh team store database on a throwaway PostgreSQL cluster, and killed with
 * SIGKILL at a random moment of its work (uniform over the window a clean push measured, from its
 * first committed chat to its exit). Then the same push runs again, uninterrupted, and the server
 * must equal a clean push's: counts and checksums of chats, messages and term statistics
 * (`team-state.ts`); and the re-push must send no chat the killed one had committed.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { preparedHistory } from "../../bench/prepared-history.js";
import { openStore } from "../../src/store/open-store.js";
import { connectTeamStore } from "../../src/team/connect.js";
import { grantApp, initTeamStore } from "../../src/team/team-admin.js";
import { type PostgresCluster, startPostgresCluster } from "../../src/test/postgres-cluster.js";
import { type Child, killAtRandomMoment, startCli } from "../cli-process.js";
import { atLeast, atMost, type Figure } from "../figure.js";
import { createRandom } from "../random.js";
import { sameTeamState, type TeamState, teamState } from "../team-state.js";

/** Options of {@link runPushKillCheck}. */
export interface PushKillCheckOptions {
  /** Kills wanted (the issue: 20). */
  readonly kills: number;
  /** Messages in the pushed history (the issue: 1,000,000; see `reliability/README.md`). */
  readonly messages: number;
  readonly seed: number;
  readonly log: (line: string) => void;
}

/** The member every push connects as. */
const MEMBER = "pusher";
/** How often the parent looks at the server for the child's first committed chat, ms. */
const POLL_MS = 20;
/** Attempts allowed per wanted kill (a push may finish before its kill lands). */
const ATTEMPTS_PER_KILL = 3;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A fresh team store database set up as `server init` does, every app granted to {@link MEMBER}. */
async function freshTeamStore(
  cluster: PostgresCluster,
  database: string,
  apps: readonly string[],
): Promise<pg.Pool> {
  await cluster.createDatabase(database);
  const admin = await connectTeamStore(cluster.url(database), "--store");
  await initTeamStore(admin);
  for (const app of apps) await grantApp(admin, app, MEMBER);
  return admin.pool;
}

/** Drops `database` (its pool already ended), so a full run does not fill the disk. */
async function dropDatabase(cluster: PostgresCluster, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url("postgres") });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Resolves true once the server holds a committed chat, false when the child exits first. */
async function firstCommit(child: Child, pool: pg.Pool): Promise<boolean> {
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (!exited) {
    const chats = await pool.query<{ n: string }>("SELECT count(*) AS n FROM recollect.chats");
    if (Number(chats.rows[0]?.n) > 0) return true;
    await sleep(POLL_MS);
  }
  return false;
}

/** The counts a push printed with `--json` (null when it printed none). */
function pushedCounts(child: Child): { unchanged: number; sent: number } | null {
  try {
    const result = JSON.parse(child.output.stdout) as {
      apps: { chatsUnchanged: number; messagesInserted: number }[];
    };
    return {
      unchanged: result.apps.reduce((sum, app) => sum + app.chatsUnchanged, 0),
      sent: result.apps.reduce((sum, app) => sum + app.messagesInserted, 0),
    };
  } catch {
    return null;
  }
}

/** Runs the check and returns its figures. */
export async function runPushKillCheck(options: PushKillCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  const history = await preparedHistory(options.messages, (line) => options.log(`  ${line}`));
  const apps = (() => {
    using store = openStore({ path: history.path });
    return store.db.prepare<[], string>("SELECT name FROM apps ORDER BY name").pluck().all();
  })();
  const cluster = await startPostgresCluster();
  const push = (database: string) =>
    startCli([
      "--db",
      history.path,
      "--json",
      "push",
      "--to",
      cluster.url(database, MEMBER),
      "--machine",
      "reliability",
    ]);
  try {
    // The clean push: the reference state, and the window kills are spread over.
    const cleanPool = await freshTeamStore(cluster, "clean", apps);
    const clean = push("clean");
    const began = await firstCommit(clean, cleanPool);
    const startedAt = performance.now();
    const cleanExit = await clean.exited;
    const windowMs = performance.now() - startedAt;
    const reference: TeamState = await teamState(cleanPool);
    await cleanPool.end();
    await dropDatabase(cluster, "clean");
    const cleanOk = began && cleanExit.code === 0 && reference.messages > 0;
    const rate = reference.messages / (windowMs / 1000);
    options.log(
      `  clean push: ${reference.chats.toLocaleString("en")} chats, ${reference.messages.toLocaleString("en")} messages in ${(windowMs / 1000).toFixed(1)} s (${Math.round(rate).toLocaleString("en")} msg/s)${cleanOk ? "" : `; FAILED (exit ${cleanExit.code}): ${clean.output.stderr.trim().slice(0, 200)}`}`,
    );

    let kills = 0;
    let interrupted = 0;
    let differs = 0;
    let repushFailures = 0;
    let resent = 0;
    for (
      let attempt = 0;
      cleanOk && kills < options.kills && attempt < options.kills * ATTEMPTS_PER_KILL;
      attempt += 1
    ) {
      const database = `kill_${attempt}`;
      const pool = await freshTeamStore(cluster, database, apps);
      try {
        const child = push(database);
        if (!(await killAtRandomMoment(child, firstCommit(child, pool), windowMs, random)))
          continue;
        kills += 1;
        const afterKill = await teamState(pool);
        if (afterKill.messages < reference.messages) interrupted += 1;
        const again = push(database);
        const repushed = await again.exited;
        const counts = pushedCounts(again);
        if (repushed.code !== 0 || counts === null) {
          repushFailures += 1;
          options.log(
            `  re-push after kill ${kills} failed (exit ${repushed.code}): ${again.output.stderr.trim().slice(0, 200)}`,
          );
          continue;
        }
        // Every chat the killed push committed is unchanged for the re-push: none is sent twice.
        if (counts.unchanged !== afterKill.chats) resent += 1;
        const converged = sameTeamState(await teamState(pool), reference);
        if (!converged) differs += 1;
        options.log(
          `  kill ${kills}: ${afterKill.messages.toLocaleString("en")} of ${reference.messages.toLocaleString("en")} messages committed; re-push sent ${counts.sent.toLocaleString("en")}; ${converged ? "equal to the clean push" : "DIFFERS from the clean push"}`,
        );
      } finally {
        await pool.end();
        await dropDatabase(cluster, database);
      }
    }
    return [
      atMost("uninterrupted push not complete", cleanOk ? 0 : 1, 0),
      atLeast("kill -9 during push", kills, options.kills, "kills"),
      // As in crash-recovery: a proportion needs several kills, so none is required of one.
      atLeast(
        "kills that interrupted an unfinished push",
        interrupted,
        Math.floor(options.kills / 2),
        "kills",
      ),
      atMost("re-pushes after a kill that failed", repushFailures, 0),
      atMost("re-pushes after a kill not equal to a clean push", differs, 0),
      atMost("re-pushes that sent a chat the killed push had committed", resent, 0),
    ];
  } finally {
    cluster.stop();
  }
}
