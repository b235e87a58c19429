/**
 * Bench section `rg-baseline` (issue 6 § Build 3): the tool a user would otherwise reach for. The
 * large generated history is exported as files (one Markdown file per chat, a folder per app) and
 * the same queries run through `searchChats()` and through `rg -i -c -F -e term…` over the app's
 * folder, each timed per query (rg including its process start, as a user or agent would run
 * it), reported as p50/p95 and as a same-run ratio.
 *
 * `rg` is usually not installed here (`.ci/run` does not install it): the section then says so and
 * falls back to `grep -r -i -c -F -e term…`, which is what is timed instead.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { searchChats } from "../src/history/search/search-chats.js";
import { STOPWORDS } from "../src/history/text/stopwords.js";
import { openStore } from "../src/store/open-store.js";
import { type BenchReport, percentile } from "./bench-report.js";
import { benchMessages, preparedHistory } from "./prepared-history.js";
import { createRandom, createVocabulary } from "./vocabulary.js";

const QUERIES = 60;
const WARMUP = 5;
function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** `rg` when it is on the PATH, else `grep`. */
function pickTool(): {
  name: "rg" | "grep";
  args: (terms: readonly string[], dir: string) => string[];
} {
  const probe = spawnSync("rg", ["--version"], { stdio: "ignore" });
  if (probe.status === 0) {
    return {
      name: "rg",
      args: (terms, dir) => ["-i", "-c", "-F", ...terms.flatMap((t) => ["-e", t]), dir],
    };
  }
  return {
    name: "grep",
    args: (terms, dir) => ["-r", "-i", "-c", "-F", ...terms.flatMap((t) => ["-e", t]), dir],
  };
}

/** Runs the section; see the module comment. */
export async function runBench(): Promise<BenchReport> {
  const cores = availableParallelism();
  const history = await preparedHistory(benchMessages(), line);
  const tool = pickTool();
  if (tool.name === "grep") {
    line(
      "rg is not installed on this machine: the baseline falls back to `grep -r -i -c -F` (install ripgrep to time rg itself)",
    );
  }
  using store = openStore({ path: history.path, readonly: true });
  const { db } = store;
  const exportDir = mkdtempSync(join(tmpdir(), "recollect-export-"));
  try {
    const exportStart = performance.now();
    const chats = db.prepare("SELECT id, app_id, title FROM chats ORDER BY id").all() as {
      id: number;
      app_id: number;
      title: string | null;
    }[];
    const messagesOf = db.prepare(
      "SELECT role, content, created_at FROM messages WHERE chat_id = ? ORDER BY id",
    );
    let exportedBytes = 0;
    for (const chat of chats) {
      const dir = join(exportDir, `app-${chat.app_id}`);
      mkdirSync(dir, { recursive: true });
      const rows = messagesOf.all(chat.id) as {
        role: string;
        content: string;
        created_at: number;
      }[];
      const text = `# ${chat.title ?? "Untitled"}\n\n${rows.map((row) => `## ${row.role} (${new Date(row.created_at).toISOString()})\n\n${row.content}\n`).join("\n")}`;
      exportedBytes += Buffer.byteLength(text, "utf8");
      writeFileSync(join(dir, `chat-${chat.id}.md`), text);
    }
    const exportMs = performance.now() - exportStart;
    line(
      `exported ${chats.length.toLocaleString("en")} chats (${(exportedBytes / 2 ** 20).toFixed(0)} MB) in ${(exportMs / 1000).toFixed(1)} s`,
    );

    const apps = db.prepare("SELECT count(*) FROM apps").pluck().get() as number;
    const random = createRandom(19);
    const vocabulary = createVocabulary(43);
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let n = 0; n < WARMUP + QUERIES; n += 1) {
      const size = 1 + (n % 3);
      const terms = new Set<string>();
      while (terms.size < size) {
        const word = vocabulary.sample(random);
        if (!STOPWORDS.has(word)) terms.add(word);
      }
      const appId = 1 + Math.floor(random() * apps);
      const oursStart = performance.now();
      await searchChats(
        { store, appId, currentChatId: null, currentMessageId: null },
        { query: [...terms].join(" "), limit: 8 },
      );
      const oursMs = performance.now() - oursStart;
      const baseStart = performance.now();
      spawnSync(tool.name, tool.args([...terms], join(exportDir, `app-${appId}`)), {
        stdio: "ignore",
      });
      const baseMs = performance.now() - baseStart;
      if (n >= WARMUP) {
        ours.push(oursMs);
        baseline.push(baseMs);
      }
    }
    const figures = {
      cores,
      messages: history.messages,
      baseline_tool: tool.name,
      exported_bytes: exportedBytes,
      export_ms: exportMs,
      queries: QUERIES,
      search_p50_ms: percentile(ours, 50),
      search_p95_ms: percentile(ours, 95),
      baseline_p50_ms: percentile(baseline, 50),
      baseline_p95_ms: percentile(baseline, 95),
      p50_ratio_search_to_baseline: percentile(ours, 50) / percentile(baseline, 50),
      p95_ratio_search_to_baseline: percentile(ours, 95) / percentile(baseline, 95),
    };
    line(
      `cores ${cores}; ${QUERIES} queries of 1-3 terms over one app's files (${(exportedBytes / apps / 2 ** 20).toFixed(1)} MB per app on average)`,
    );
    line(
      `searchChats  p50 ${figures.search_p50_ms.toFixed(1)} ms  p95 ${figures.search_p95_ms.toFixed(1)} ms`,
    );
    line(
      `${tool.name.padEnd(11)}  p50 ${figures.baseline_p50_ms.toFixed(1)} ms  p95 ${figures.baseline_p95_ms.toFixed(1)} ms`,
    );
    line(
      `searchChats / ${tool.name}: p50 ${figures.p50_ratio_search_to_baseline.toFixed(3)}x, p95 ${figures.p95_ratio_search_to_baseline.toFixed(3)}x (below 1 = faster than ${tool.name})`,
    );
    return {
      figures,
      targets: { search_p95_faster_than_baseline: figures.p95_ratio_search_to_baseline < 1 },
    };
  } finally {
    rmSync(exportDir, { recursive: true, force: true });
  }
}
