/**
 * Bench section `search-recall` (issue 13 § Build 7): what `search_chats` itself retrieves, so a
 * ranking change in `history/search` is measured apart from any explorer policy. Each found
 * question of the curated suite and of the BEAM dev set (`../shared/datasets/beam-100k`, when it
 * is there) is sent once, as written, through `searchChats()` (limit 20, the protocol maximum) on a
 * store loaded by the eval's production path; figures are gold-message recall over the matches of
 * the first 5 and of all 20 chats, and whether a gold chat is among the first 8 (the default limit).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBeamFolder } from "../src/eval/beam/index.js";
import { loadSuiteIntoStore, messageIdOf } from "../src/eval/runner/load-suite-into-store.js";
import { type EvalSuite, loadSuite } from "../src/eval/suite/index.js";
import { searchChats } from "../src/history/index.js";
import { openStore } from "../src/store/open-store.js";
import type { BenchReport } from "./bench-report.js";

const BEAM_DIR = join(process.cwd(), "..", "shared", "datasets", "beam-100k");
const CURATED = join(process.cwd(), "eval", "suites", "curated.json");

interface SearchRecall {
  readonly questions: number;
  readonly recallFirst5Chats: number;
  readonly recallFirst20Chats: number;
  readonly goldChatInFirst8: number;
}

async function measure(suite: EvalSuite): Promise<SearchRecall> {
  const workDir = mkdtempSync(join(tmpdir(), "recollect-search-recall-"));
  try {
    using store = openStore({ path: join(workDir, "bench.db") });
    const loaded = await loadSuiteIntoStore({ store, suite, workDir });
    let questions = 0;
    let first5 = 0;
    let first20 = 0;
    let chatHits = 0;
    for (const question of suite.questions) {
      if (question.expected !== "found") continue;
      const chat = question.current_chat;
      const result = await searchChats(
        {
          store,
          appId: loaded.appIds.get(question.app)!,
          currentChatId: chat ? loaded.chatIds.get(chat)! : null,
          currentMessageId: chat ? (loaded.messageIds.get(chat)?.at(-1) ?? null) : null,
        },
        { query: question.question, limit: 20 },
      );
      const gold = new Set(question.gold_evidence.map((ref) => messageIdOf(loaded, ref)));
      const goldChats = new Set(question.gold_evidence.map((ref) => loaded.chatIds.get(ref.chat)));
      const recallOf = (chats: typeof result.chats) =>
        chats.flatMap((hit) => hit.matches).filter((match) => gold.has(match.message_id)).length /
        gold.size;
      questions += 1;
      first5 += recallOf(result.chats.slice(0, 5));
      first20 += recallOf(result.chats);
      if (result.chats.slice(0, 8).some((hit) => goldChats.has(hit.chat_id))) chatHits += 1;
    }
    return {
      questions,
      recallFirst5Chats: first5 / questions,
      recallFirst20Chats: first20 / questions,
      goldChatInFirst8: chatHits / questions,
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Runs the section; it sets no target (the figures are read against the previous run's). */
export async function runBench(): Promise<BenchReport> {
  const figures: Record<string, SearchRecall> = {};
  const sets: [string, () => EvalSuite][] = [["curated", () => loadSuite(CURATED)]];
  if (existsSync(BEAM_DIR)) sets.push(["beam-100k", () => loadBeamFolder(BEAM_DIR).suite]);
  else process.stdout.write(`beam-100k not found at ${BEAM_DIR}: measuring curated only\n`);
  for (const [name, load] of sets) {
    const recall = await measure(load());
    figures[name] = recall;
    process.stdout.write(
      `${name}: ${recall.questions} found questions · gold recall first 5 chats ${recall.recallFirst5Chats.toFixed(3)} · first 20 chats ${recall.recallFirst20Chats.toFixed(3)} · gold chat in first 8 ${recall.goldChatInFirst8.toFixed(3)}\n`,
    );
  }
  return { figures, targets: {} };
}
