/**
 * Bench section `sync` (issue 11 § Shows): a temporary HOME holding Claude Code sessions laid out
 * as on a real machine (`~/.claude/projects/<encoded-cwd>/<session>.jsonl`, 100 projects), by
 * default 10,000 files of 100 messages (1M messages; `BENCH_MESSAGES` scales it down).
 *
 * - first sync: wall time, messages/s, peak RSS (the process's max resident set), then the index
 *   drain beside it;
 * - resync after {@link CHANGED_FILES} files each gained one turn (the append pass): wall time
 *   (target < 2 s, the figure from a peer's PR: 1.5 s instead of 75 s), its ratio to the
 *   first sync and its throughput in changed files/s;
 * - rewrite pass (issue 30, stable citations): {@link CHANGED_FILES} other files each with one
 *   early message edited in place, so each is re-read whole and aligned with its stored messages
 *   (`importers/message-alignment.ts`): wall time, files/s, and whether every message kept its id
 *   (the edited one with its new text);
 * - the baseline measured in the same run: `import` of the same folder (re-reads and re-parses
 *   every file, comparing each chat with the store), which is what a sync without per-file state
 *   would cost.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { appendFile, writeFile } from "node:fs/promises";
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
/** The message (0-based) the rewrite pass edits in each of its files: early, far from the end. */
const EDITED_AT = 10;
const EDITED_TEXT = "edited: the cache is invalidated on write, not on read";

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
    // The lines of the files the rewrite pass edits (after the appended ones), kept to rewrite them.
    const rewritten = new Map<number, string[]>();
    const rewriteFrom = Math.min(CHANGED_FILES, files);
    const rewriteTo = Math.min(2 * CHANGED_FILES, files);
    let bytes = 0;
    const generated = performance.now();
    for (let index = 0; index < files; index++) {
      const cwd = join(home, "code", `project-${index % PROJECTS}`);
      const folder = join(home, ".claude", "projects", encodeClaudeProjectFolder(cwd));
      mkdirSync(folder, { recursive: true });
      const id = `session-${index}`;
      const lines = Array.from({ length: MESSAGES_PER_FILE }, (_, turn) =>
        claudeLine(id, cwd, { role: turn % 2 === 0 ? "user" : "assistant", text: text() }, turn),
      );
      if (index >= rewriteFrom && index < rewriteTo) rewritten.set(index, lines);
      const body = lines.join("");
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

    const appendFilesPerS = Math.round(changed.length / (resyncMs / 1000));
    line(`append pass throughput: ${appendFilesPerS} files/s`);

    // Rewrite pass: message EDITED_AT of each file is edited in place (same line, new text).
    const idsOf = (sessionId: string) =>
      store.db
        .prepare<[string], { id: number; content: string }>(
          `SELECT m.id, m.content FROM messages m JOIN chats c ON c.id = m.chat_id
            WHERE c.external_id = ? ORDER BY m.id`,
        )
        .all(sessionId);
    const probe = sessions[rewriteFrom];
    const probeBefore = probe ? idsOf(probe.id) : [];
    await Promise.all(
      [...rewritten].map(([index, lines]) => {
        const session = sessions[index]!;
        const edited = [...lines];
        edited[EDITED_AT] = claudeLine(
          session.id,
          session.cwd,
          { role: EDITED_AT % 2 === 0 ? "user" : "assistant", text: EDITED_TEXT },
          EDITED_AT,
        );
        return writeFile(session.path, edited.join(""));
      }),
    );
    const rewriteStart = performance.now();
    const rewrite = syncHistory({ store, environment, sources: ["claude-code"] });
    const rewriteMs = performance.now() - rewriteStart;
    const rewriteSummary = rewrite.sources[0]!;
    const probeAfter = probe ? idsOf(probe.id) : [];
    const idsKept =
      probeBefore.length > 0 &&
      probeAfter.map((row) => row.id).join() === probeBefore.map((row) => row.id).join() &&
      probeAfter[EDITED_AT]?.content === EDITED_TEXT;
    line(
      `rewrite pass, ${rewritten.size} files with message ${EDITED_AT + 1} edited: ${Math.round(rewriteMs)} ms = ${Math.round(rewritten.size / (rewriteMs / 1000))} files/s; ${rewriteSummary.messages} rows written; every id kept: ${idsKept}`,
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
        append_files_per_s: appendFilesPerS,
        rewrite_files: rewritten.size,
        rewrite_ms: Math.round(rewriteMs),
        rewrite_files_per_s: Math.round(rewritten.size / (rewriteMs / 1000)),
        rewrite_rows_written: rewriteSummary.messages,
        baseline_reread_ms: Math.round(baselineMs),
      },
      targets: {
        resync_under_2s: resyncMs + resyncIndexMs < RESYNC_TARGET_MS,
        resync_imports_exactly_the_new_turns: resyncSummary.messages === changed.length,
        rewrite_keeps_every_id: idsKept,
      },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
