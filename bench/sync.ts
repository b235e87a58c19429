/**
 * Bench section `sync` (issue 11 § Shows): a temporary HOME holding Claude Code sessions laid out
 * as on a real machine (`~/.claude/projects/<encoded-cwd>/<session>.jsonl`, 100 projects), by
 * default 10,000 files of 100 messages (1M messages; `BENCH_MESSAGES` scales it down).
 *
 * - first sync: wall time, messages/s, peak RSS (the process's max resident set), then the index
 *   drain beside it;
 * - resync after {@link CHANGED_FILES} files each gained one turn: wall time (target < 2 s, the
 *   issue's figure from a peer's PR: 1.5 s instead of 75 s) and its ratio to the first sync;
 * - the baseline measured in the same run: `import` of the same folder (re-reads and re-parses
 *   every file, comparing each chat with the store), which is what a sync without per-file state
 *   would cost.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { drainIndex } from "../src/cli/commands/index-command.js";
import { importPaths } from "../src/importers/index.js";
import { openStore } from "../src/store/open-store.js";
import { syncHistory } from "../src/sync/index.js";
import {
  claudeLine,
  encodeClaudeProjectFolder,
  type FixtureTurn,
} from "../src/sync/testing/machine-fixture.js";
import type { BenchReport } from "./bench-report.js";
import { benchMessages } from "./prepared-history.js";
import { createRandom, createVocabulary } from "./vocabulary.js";

const MESSAGES_PER_FILE = 100;
const PROJECTS = 100;
const CHANGED_FILES = 150;
const RESYNC_TARGET_MS = 2_000;
const WORDS_PER_MESSAGE = 40;

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Runs the section; see the module comment. */
export async function runBench(): Promise<BenchReport> {
  const totalMessages = benchMessages();
  const files = Math.max(1, Math.round(totalMessages / MESSAGES_PER_FILE));
  const root = mkdtempSync(join(tmpdir(), "recollect-bench-sync-"));
  try {
    const home = join(root, "home");
    const random = createRandom(11);
    const vocabulary = createVocabulary(11, 5_000);
    const text = () =>
      Array.from({ length: WORDS_PER_MESSAGE }, () => vocabulary.sample(random)).join(" ");
    const sessions: { path: string; cwd: string; id: string }[] = [];
    let bytes = 0;
    const generated = performance.now();
    for (let index = 0; index < files; index++) {
      const cwd = join(home, "code", `project-${index % PROJECTS}`);
      const folder = join(home, ".claude", "projects", encodeClaudeProjectFolder(cwd));
      mkdirSync(folder, { recursive: true });
      const id = `session-${index}`;
      const body = Array.from({ length: MESSAGES_PER_FILE }, (_, turn) =>
        claudeLine(id, cwd, { role: turn % 2 === 0 ? "user" : "assistant", text: text() }, turn),
      ).join("");
      const path = join(folder, `${id}.jsonl`);
      writeFileSync(path, body);
      bytes += body.length;
      sessions.push({ path, cwd, id });
    }
    line(
      `generated ${files} session files, ${files * MESSAGES_PER_FILE} messages, ${(bytes / 1e6).toFixed(0)} MB in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
    );
    const environment = { home, env: {}, settingsFolders: {} };
    using store = openStore({ path: join(root, "store.db") });

    const rssBefore = maxRssMb();
    const firstStart = performance.now();
    const first = syncHistory({ store, environment, sources: ["claude-code"] });
    const firstMs = performance.now() - firstStart;
    const rssAfterSync = maxRssMb();
    const firstMessages = first.sources[0]!.messages;
    const indexStart = performance.now();
    await drainIndex(store, { requeueAll: false });
    const firstIndexMs = performance.now() - indexStart;
    line(
      `first sync: ${firstMessages} messages in ${(firstMs / 1000).toFixed(1)} s = ${Math.round(firstMessages / (firstMs / 1000))} msg/s; peak RSS ${rssAfterSync} MB (before ${rssBefore} MB); index drain ${(firstIndexMs / 1000).toFixed(1)} s`,
    );

    const changed = sessions.slice(0, Math.min(CHANGED_FILES, sessions.length));
    const turn: FixtureTurn = { role: "user", text: "one more turn about the cache invalidation" };
    await Promise.all(
      changed.map((session) =>
        appendFile(session.path, claudeLine(session.id, session.cwd, turn, MESSAGES_PER_FILE)),
      ),
    );
    const resyncStart = performance.now();
    const resync = syncHistory({ store, environment, sources: ["claude-code"] });
    const resyncMs = performance.now() - resyncStart;
    const resyncIndexStart = performance.now();
    const resyncIndexed = await drainIndex(store, { requeueAll: false });
    const resyncIndexMs = performance.now() - resyncIndexStart;
    const resyncSummary = resync.sources[0]!;
    line(
      `resync after ${changed.length} files gained one turn: ${resyncSummary.messages} messages in ${Math.round(resyncMs)} ms (${((resyncMs / firstMs) * 100).toFixed(2)}% of the first sync); index drain ${Math.round(resyncIndexMs)} ms for ${resyncIndexed} rows`,
    );

    const baselineStart = performance.now();
    const baseline = importPaths({ store, paths: [join(home, ".claude", "projects")] });
    const baselineMs = performance.now() - baselineStart;
    line(
      `baseline, re-read every file (import of the same folder): ${baseline.totals.files} files in ${(baselineMs / 1000).toFixed(1)} s; resync is ${(baselineMs / resyncMs).toFixed(0)}x faster`,
    );

    return {
      figures: {
        files,
        messages: files * MESSAGES_PER_FILE,
        bytes,
        first_sync_ms: Math.round(firstMs),
        first_sync_messages_per_s: Math.round(firstMessages / (firstMs / 1000)),
        first_sync_peak_rss_mb: rssAfterSync,
        first_index_drain_ms: Math.round(firstIndexMs),
        resync_changed_files: changed.length,
        resync_messages: resyncSummary.messages,
        resync_ms: Math.round(resyncMs),
        resync_ratio_to_first: resyncMs / firstMs,
        resync_index_drain_ms: Math.round(resyncIndexMs),
        baseline_reread_ms: Math.round(baselineMs),
      },
      targets: {
        resync_under_2s: resyncMs + resyncIndexMs < RESYNC_TARGET_MS,
        resync_imports_exactly_the_new_turns: resyncSummary.messages === changed.length,
      },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
