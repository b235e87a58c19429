/**
 * Check 4 — `kill -9` recovery. The real CLI runs in a child process — `recollect import` on an
 * empty store, or `recollect index rebuild` on a store whose chats are written but not yet
 * indexed — and is killed with SIGKILL at a random moment of its work (uniform over the window a
 * clean run of the same command measured, from its first committed write to its last). After each
 * kill the store must pass `integrity_check`; then it is restarted the way the CLI would (open,
 * the same command again in-process: import + drain, or drain) and must pass `integrity_check`
 * again, hold exactly the chats and messages of a clean import, and have an index equal to the
 * projection (`store-state.ts`).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { drainIndex } from "../../src/cli/commands/index-command.js";
import { importPaths } from "../../src/importers/index.js";
import { openStore } from "../../src/store/open-store.js";
import { type Child, killAtRandomMoment, startCli } from "../cli-process.js";
import { atLeast, atMost, type Figure } from "../figure.js";
import { writeImportFolder } from "../import-fixture.js";
import { createRandom, type Random } from "../random.js";
import {
  historyDigest,
  indexDifference,
  indexEqualsProjection,
  openForInspection,
  storeIsIntact,
} from "../store-state.js";

/** Options of {@link runCrashRecoveryCheck}. */
export interface CrashRecoveryCheckOptions {
  /** Kills per phase (the issue: 50 during import, 50 during index drain). */
  readonly kills: number;
  readonly seed: number;
  readonly log: (line: string) => void;
}

/** Import input size: enough that the import and the drain each take a measurable while. */
const FILES = 60;
const MESSAGES_PER_CHAT = 24;
/** How often the parent looks for the child's first committed write, ms. */
const POLL_MS = 5;
/** Attempts allowed per wanted kill (a child may finish before its kill lands). */
const ATTEMPTS_PER_KILL = 3;

interface Phase {
  readonly name: "import" | "index drain";
  /** Prepares the store file the child will work on. */
  prepare(path: string): void;
  /** The CLI arguments. */
  args(path: string): string[];
  /** True once the child's work has visibly begun (a committed write). */
  started(db: Database.Database): boolean;
  /** True when work remained at the moment of the kill. */
  unfinished(db: Database.Database): boolean;
  /** The restart: what the CLI does when run again. */
  restart(path: string): Promise<void>;
}

function queued(db: Database.Database): number {
  return (
    db.prepare<[], { n: number }>("SELECT count(*) AS n FROM history_dirty_messages").get()?.n ?? 0
  );
}

function messageCount(db: Database.Database): number {
  return db.prepare<[], { n: number }>("SELECT count(*) AS n FROM messages").get()?.n ?? 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Waits until `condition` holds on the child's store, read through a read-only connection opened
 * once the store is in WAL mode with a `-wal` file (so the reader never blocks the writer).
 * Resolves false when the child exits first.
 */
async function waitFor(
  child: Child,
  path: string,
  condition: (db: Database.Database) => boolean,
): Promise<boolean> {
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  let reader: Database.Database | null = null;
  try {
    while (!exited) {
      if (reader === null && existsSync(`${path}-wal`)) {
        try {
          reader = openForInspection(path, { readonly: true });
        } catch {
          reader = null; // the writer is still creating the file; try again
        }
      }
      if (reader !== null) {
        try {
          if (condition(reader)) return true;
        } catch {
          // a table the migrations have not created yet
        }
      }
      await sleep(POLL_MS);
    }
    return false;
  } finally {
    reader?.close();
  }
}

/** Runs the check and returns its figures. */
export async function runCrashRecoveryCheck(options: CrashRecoveryCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  const dir = mkdtempSync(join(tmpdir(), "recollect-reliability-crash-"));
  try {
    return await runIn(dir, random, options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runIn(
  dir: string,
  random: Random,
  options: CrashRecoveryCheckOptions,
): Promise<Figure[]> {
  const input = join(dir, "input");
  const total = writeImportFolder({
    folder: input,
    random,
    files: FILES,
    messagesPerChat: MESSAGES_PER_CHAT,
  });
  const clean = join(dir, "clean.db");
  {
    using store = openStore({ path: clean });
    await importPaths({ store, paths: [input] });
    await drainIndex(store, { requeueAll: false });
  }
  const inspectClean = openForInspection(clean);
  const reference = historyDigest(inspectClean);
  inspectClean.close();
  const template = join(dir, "written-not-indexed.db");
  {
    using store = openStore({ path: template });
    await importPaths({ store, paths: [input] });
  }
  options.log(`  input: ${FILES} files, ${total} messages over 6 apps`);

  const phases: Phase[] = [
    {
      name: "import",
      prepare: () => undefined,
      args: (path) => ["--db", path, "import", input],
      started: (db) => messageCount(db) > 0,
      unfinished: (db) => messageCount(db) < reference.messages || queued(db) > 0,
      restart: async (path) => {
        using store = openStore({ path });
        await importPaths({ store, paths: [input] });
        await drainIndex(store, { requeueAll: false });
      },
    },
    {
      name: "index drain",
      prepare: (path) => copyFileSync(template, path),
      args: (path) => ["--db", path, "index", "rebuild"],
      started: (db) => queued(db) < reference.messages,
      unfinished: (db) => queued(db) > 0,
      restart: async (path) => {
        using store = openStore({ path });
        await drainIndex(store, { requeueAll: false });
      },
    },
  ];

  const figures: Figure[] = [];
  let run = 0;
  for (const phase of phases) {
    // Calibration: one uninterrupted run measures the window and must itself end whole.
    const calibration = join(dir, `calibrate-${phase.name.replace(" ", "-")}.db`);
    phase.prepare(calibration);
    const clock = startCli(phase.args(calibration));
    const began = await waitFor(clock, calibration, phase.started);
    const startedAt = performance.now();
    await waitFor(clock, calibration, (db) => !phase.unfinished(db));
    const windowMs = performance.now() - startedAt;
    const calibrated = await clock.exited;
    const calibrationOk = began && calibrated.code === 0 && verify(calibration, reference).whole;
    if (!calibrationOk) {
      options.log(
        `  ${phase.name}: uninterrupted CLI run failed (exit ${calibrated.code}): ${clock.output.stderr.trim().slice(0, 200)}`,
      );
    }
    let kills = 0;
    let interrupted = 0;
    let brokenAfterKill = 0;
    let brokenAfterRestart = 0;
    let historyDiffers = 0;
    let indexDiffers = 0;
    let restartFailures = 0;
    for (
      let attempt = 0;
      kills < options.kills && attempt < options.kills * ATTEMPTS_PER_KILL;
      attempt += 1
    ) {
      run += 1;
      const path = join(dir, `run-${run}.db`);
      phase.prepare(path);
      const child = startCli(phase.args(path));
      const started = waitFor(child, path, phase.started);
      if (!(await killAtRandomMoment(child, started, windowMs, random))) continue;
      kills += 1;
      const afterKill = openForInspection(path);
      if (phase.unfinished(afterKill)) interrupted += 1;
      if (!storeIsIntact(afterKill)) brokenAfterKill += 1;
      afterKill.close();
      try {
        await phase.restart(path);
      } catch (error) {
        restartFailures += 1;
        options.log(`  ${phase.name}: restart failed: ${(error as Error).message.slice(0, 200)}`);
        continue;
      }
      const verdict = verify(path, reference);
      if (!verdict.intact) brokenAfterRestart += 1;
      if (!verdict.sameHistory) historyDiffers += 1;
      if (!verdict.indexEqual) indexDiffers += 1;
      rmSync(path, { force: true });
      rmSync(`${path}-wal`, { force: true });
      rmSync(`${path}-shm`, { force: true });
    }
    options.log(
      `  ${phase.name}: window ${windowMs.toFixed(0)} ms; ${interrupted} of ${kills} kills interrupted unfinished work`,
    );
    figures.push(
      atLeast(`kill -9 during ${phase.name}`, kills, options.kills, "kills"),
      // A share of the kills must land on unfinished work, or the check proves nothing. It is a
      // proportion, so it needs several kills: at smoke scale (one kill) chance alone decides
      // whether that kill lands before the work ends, and the target is 0 there; the integrity,
      // history and index figures below hold for every kill at any scale.
      atLeast(
        `kills during ${phase.name} that interrupted unfinished work`,
        interrupted,
        Math.floor(options.kills / 2),
        "kills",
      ),
      atMost(
        `uninterrupted CLI ${phase.name} runs not equal to a clean import`,
        calibrationOk ? 0 : 1,
        0,
      ),
      atMost(
        `stores failing integrity_check right after a kill during ${phase.name}`,
        brokenAfterKill,
        0,
      ),
      atMost(`restarts that failed after a kill during ${phase.name}`, restartFailures, 0),
      atMost(`restarted stores failing integrity_check (${phase.name})`, brokenAfterRestart, 0),
      atMost(
        `restarted stores whose chats and messages differ from a clean import (${phase.name})`,
        historyDiffers,
        0,
      ),
      atMost(
        `restarted stores whose index differs from the projection (${phase.name})`,
        indexDiffers,
        0,
      ),
    );
  }
  return figures;
}

function verify(path: string, reference: ReturnType<typeof historyDigest>) {
  const db = openForInspection(path);
  try {
    const intact = storeIsIntact(db);
    const digest = historyDigest(db);
    const sameHistory = digest.sha256 === reference.sha256;
    const indexEqual = indexEqualsProjection(indexDifference(db));
    return { intact, sameHistory, indexEqual, whole: intact && sameHistory && indexEqual };
  } finally {
    db.close();
  }
}
