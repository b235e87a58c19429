/**
 * Check 6 — concurrent processes on one store: {@link WRITERS} writer processes (each importing a
 * new chat again and again, opening the store each time as `recollect import` does) and
 * {@link READERS} reader processes (bursts of search and read) run together for `durationMs`.
 * Every error they report must be classified (a `RecollectError` kind other than `internal`);
 * afterwards every import a writer acknowledged must be in the store with all its messages, the
 * store must pass `integrity_check`, and the index must equal the projection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../src/store/open-store.js";
import { type ChildEvent, childEventSchema } from "../child/child-events.js";
import { startLine } from "../child/start-signal.js";
import { type Child, startScript } from "../cli-process.js";
import { atLeast, atMost, type Figure } from "../figure.js";
import { createRandom } from "../random.js";
import {
  indexDifference,
  indexEqualsProjection,
  openForInspection,
  storeIsIntact,
} from "../store-state.js";

/** Options of {@link runConcurrencyCheck}. */
export interface ConcurrencyCheckOptions {
  /** How long writers and readers run together, ms (the issue: 60 s). */
  readonly durationMs: number;
  readonly seed: number;
  readonly log: (line: string) => void;
}

/** Writer processes (the issue: 3). */
const WRITERS = 3;
/** Reader processes. */
const READERS = 2;
/** Longest a child may take to load (tsx, imports) on a busy machine, ms. */
const STARTUP_TIMEOUT_MS = 60_000;
/** A child still running this long after the end is hung; it is killed and counted, ms. */
const HANG_AFTER_MS = 60_000;

/** Resolves true once `child` reports ready, false when it exits or times out first. */
async function waitForReady(child: Child): Promise<boolean> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (!exited && Date.now() < deadline) {
    if (child.output.stdout.includes('{"type":"ready"}')) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

function eventsOf(child: Child): { events: ChildEvent[]; malformed: number } {
  const events: ChildEvent[] = [];
  let malformed = 0;
  for (const line of child.output.stdout.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      malformed += 1;
      continue;
    }
    const parsed = childEventSchema.safeParse(value);
    if (parsed.success) events.push(parsed.data);
    else malformed += 1;
  }
  return { events, malformed };
}

/** Runs the check and returns its figures. */
export async function runConcurrencyCheck(options: ConcurrencyCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  const dir = mkdtempSync(join(tmpdir(), "recollect-reliability-concurrency-"));
  try {
    const db = join(dir, "store.db");
    openStore({ path: db }).close();
    const children: Array<{ role: "writer" | "reader"; child: Child }> = [];
    for (let writer = 0; writer < WRITERS; writer += 1) {
      const args = [
        "--db",
        db,
        "--folder",
        join(dir, "input"),
        "--writer",
        String(writer),
        "--seed",
        String(random.seed()),
      ];
      children.push({ role: "writer", child: startScript("writer", args) });
    }
    for (let reader = 0; reader < READERS; reader += 1) {
      children.push({
        role: "reader",
        child: startScript("reader", ["--db", db, "--seed", String(random.seed())]),
      });
    }
    const ready = await Promise.all(children.map(({ child }) => waitForReady(child)));
    const startedAt = Date.now();
    for (const { child } of children)
      child.process.stdin?.end(startLine(startedAt + options.durationMs));
    let hung = 0;
    let crashed = ready.filter((isReady) => !isReady).length;
    await Promise.all(
      children.map(async ({ child }) => {
        const timer = setTimeout(() => {
          hung += 1;
          child.process.kill("SIGKILL");
        }, options.durationMs + HANG_AFTER_MS);
        const ended = await child.exited;
        clearTimeout(timer);
        if (ended.code !== 0) crashed += 1;
      }),
    );
    const acks = new Map<string, number>();
    const classified = new Map<string, number>();
    let unclassified = 0;
    const unclassifiedAt = new Map<string, number>();
    let malformedLines = 0;
    let reads = 0;
    const ackedPerWriter: number[] = [];
    for (const { role, child } of children) {
      const { events, malformed } = eventsOf(child);
      malformedLines += malformed;
      let acked = 0;
      for (const event of events) {
        if (event.type === "ready") continue;
        if (event.type === "ack") {
          acks.set(event.key, event.messages);
          acked += 1;
        } else if (event.type === "read") reads += 1;
        else if (event.kind === "unclassified" || event.kind === "internal") {
          unclassified += 1;
          const where = `${event.role} ${event.name}: ${event.message} at ${event.at}`;
          unclassifiedAt.set(where, (unclassifiedAt.get(where) ?? 0) + 1);
        } else classified.set(event.kind, (classified.get(event.kind) ?? 0) + 1);
      }
      if (role === "writer") ackedPerWriter.push(acked);
      if (child.output.stderr.trim() !== "" && crashed > 0) {
        options.log(`  ${role} stderr: ${child.output.stderr.trim().slice(0, 200)}`);
      }
    }
    for (const [where, count] of unclassifiedAt) options.log(`  unclassified ×${count}: ${where}`);
    const inspect = openForInspection(db);
    let lost = 0;
    let intact = false;
    let indexEqual = false;
    try {
      const countFor = inspect.prepare<[string], { n: number }>(
        "SELECT count(m.id) AS n FROM chats c JOIN messages m ON m.chat_id = c.id WHERE c.source = 'jsonl' AND c.external_id = ?",
      );
      for (const [key, messages] of acks) {
        if ((countFor.get(key)?.n ?? 0) !== messages) lost += 1;
      }
      intact = storeIsIntact(inspect);
      indexEqual = indexEqualsProjection(indexDifference(inspect));
    } finally {
      inspect.close();
    }
    options.log(
      `  ${acks.size} imports acknowledged (per writer ${ackedPerWriter.join(", ")}), ${reads} reader operations; classified errors: ${[...classified].map(([kind, n]) => `${kind} ${n}`).join(", ") || "none"}`,
    );
    return [
      atLeast("concurrent writer processes", WRITERS, 3, "writers"),
      atLeast("concurrent reader processes", READERS, 1, "readers"),
      atLeast(
        "seconds the writers and readers ran together",
        Math.round(options.durationMs / 1000),
        Math.round(options.durationMs / 1000),
        "s",
      ),
      atLeast(
        "acknowledged imports of the slowest writer",
        Math.min(...ackedPerWriter),
        1,
        "imports",
      ),
      atLeast("reader operations", reads, 1, "operations"),
      atMost("unclassified errors in writers and readers", unclassified, 0),
      atMost(
        "children that crashed, hung or wrote malformed lines",
        crashed + hung + malformedLines,
        0,
      ),
      atMost("acknowledged imports missing or incomplete afterwards", lost, 0),
      atMost("stores failing integrity_check afterwards", intact ? 0 : 1, 0),
      atMost("stores whose index differs from the projection afterwards", indexEqual ? 0 : 1, 0),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
