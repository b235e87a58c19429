import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createExplorerEngine } from "../../agent/explorer-engine.js";
import { createIndexer } from "../../history/index.js";
import { openStore } from "../../store/open-store.js";
import {
  type RecordedRequest,
  startScriptedOpenAIServer,
} from "../../test/scripted-openai-server.js";
import { buildCuratedSuite } from "../curated/index.js";
import { buildHoldoutSuite } from "../holdout/index.js";
import { parseSuite } from "../suite/index.js";
import type { SuiteQuestion } from "../suite/suite-schema.js";
import { loadSuiteIntoStore, messageIdOf } from "./load-suite-into-store.js";
import { runSuite } from "./run-suite.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SMALL_SUITE = parseSuite(
  JSON.stringify({
    version: 1,
    name: "small",
    apps: [
      {
        key: "a",
        name: "Alpha",
        chats: [
          {
            key: "a1",
            title: "Sign-in",
            messages: [
              {
                role: "user",
                content: "How should people sign in?",
                created_at: "2026-01-01T10:00:00Z",
              },
              {
                role: "assistant",
                content: "We use Clerk with magic links.",
                created_at: "2026-01-01T10:01:00Z",
              },
              {
                role: "assistant",
                content: "Summary: sign-in settled.",
                created_at: "2026-01-01T10:02:00Z",
                is_compaction_summary: true,
              },
            ],
          },
          {
            key: "a2",
            index_state: "pending",
            messages: [
              { role: "user", content: "Queued later message", created_at: "2026-02-01T10:00:00Z" },
            ],
          },
        ],
      },
    ],
    questions: [
      {
        id: "q",
        app: "a",
        question: "How do people sign in?",
        category: "exact_recall",
        expected: "found",
        gold_evidence: [{ chat: "a1", message_index: 1 }],
        current_evidence: [{ chat: "a1", message_index: 1 }],
      },
    ],
  }),
);

describe("loadSuiteIntoStore", () => {
  it("imports through the generic JSONL path, indexes indexed chats and leaves pending ones queued", async () => {
    const workDir = mkdtempSync(join(tmpdir(), "recollect-eval-test-"));
    dirs.push(workDir);
    using store = openStore({ path: ":memory:" });
    const loaded = await loadSuiteIntoStore({ store, suite: SMALL_SUITE, workDir });
    const appId = loaded.appIds.get("a")!;
    expect(loaded.pendingMessages).toBe(1);
    expect(messageIdOf(loaded, { chat: "a1", message_index: 1 })).toBe(
      loaded.messageIds.get("a1")![1],
    );
    const rows = store.db
      .prepare(
        "SELECT c.source, c.title, m.role, m.is_compaction_summary FROM messages m JOIN chats c ON c.id = m.chat_id ORDER BY m.id",
      )
      .all();
    expect(rows).toEqual([
      { source: "jsonl", title: "Sign-in", role: "user", is_compaction_summary: 0 },
      { source: "jsonl", title: "Sign-in", role: "assistant", is_compaction_summary: 0 },
      { source: "jsonl", title: "Sign-in", role: "assistant", is_compaction_summary: 1 },
      // Untitled in the suite: titled by its first prompt, as the generic JSONL path does.
      { source: "jsonl", title: "Queued later message", role: "user", is_compaction_summary: 0 },
    ]);
    const indexer = createIndexer({ store, pollIntervalMs: 0 });
    expect(indexer.pendingCount(appId)).toBe(1);
    await indexer.stop();
  });
});

describe("runSuite's answer words", () => {
  /** SMALL_SUITE with its one question's fields patched, run on the offline engine. */
  const runWith = (patch: Partial<SuiteQuestion>) => {
    const [question] = SMALL_SUITE.questions;
    const suite = { ...SMALL_SUITE, questions: [{ ...question!, ...patch }] };
    return runSuite({ suite, engine: createExplorerEngine({ kind: "offline" }) });
  };

  it("counts the annotated answer's words in the first claim and in its messages' opening", async () => {
    const result = await runWith({ note: "answer: Clerk with magic links" });
    expect(result.scores[0]?.answerAt1).toBe(true);
    // "clerk", "magic", "link": the claim quotes the reply; the opening of the first finding's
    // messages, at the claim's length, also reaches the reply after the question.
    expect(result.facts[0]?.answerWords).toEqual({ words: 3, inClaim: 3, inOpening: 3 });
    expect(result.answerWords).toEqual({ questions: 1, claim: 1, opening: 1 });
  }, 60_000);

  it("reads a question's typed answer as it reads a note's", async () => {
    const result = await runWith({ answer: "Clerk with magic links" });
    expect(result.facts[0]?.answerWords).toEqual({ words: 3, inClaim: 3, inOpening: 3 });
  }, 60_000);

  it("measures no question whose note annotates no answer", async () => {
    const result = await runWith({ note: "checked by hand" });
    expect(result.facts[0]?.answerWords).toBeNull();
    expect(result.answerWords).toEqual({ questions: 0, claim: null, opening: null });
  }, 60_000);
});

describe("runSuite on the curated suite with the offline engine", () => {
  it("runs all 53 questions with zero fabricated citations and no failed run", async () => {
    const result = await runSuite({
      suite: buildCuratedSuite(),
      engine: createExplorerEngine({ kind: "offline" }),
    });
    expect(result.facts.length).toBe(53);
    expect(result.overall.failedRuns).toBe(0);
    expect(result.overall.fabricated).toBe(0);
    expect(result.scores.filter((score) => score.fabricated > 0)).toEqual([]);
  }, 60_000);

  it("runs the held-out suite with zero fabricated citations too", async () => {
    const result = await runSuite({
      suite: buildHoldoutSuite(),
      engine: createExplorerEngine({ kind: "offline" }),
    });
    expect(result.facts.length).toBe(15);
    expect(result.overall.failedRuns).toBe(0);
    expect(result.overall.fabricated).toBe(0);
  }, 60_000);
});

const toolMessageSchema = z.object({
  chats: z.array(
    z.object({ matches: z.array(z.object({ candidate_id: z.string(), excerpt: z.string() })) }),
  ),
});

/** Candidate ids whose excerpt mentions `needle`, from the last tool message of the request. */
function candidatesMentioning(request: RecordedRequest, needle: string): string[] {
  const last = request.body?.messages.filter((message) => message.role === "tool").at(-1);
  const content = last && typeof last.content === "string" ? last.content : "";
  let raw: unknown = null;
  try {
    raw = JSON.parse(content);
  } catch {
    return [];
  }
  const parsed = toolMessageSchema.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.chats.flatMap((chat) =>
    chat.matches
      .filter((match) => match.excerpt.includes(needle))
      .map((match) => match.candidate_id),
  );
}

describe("runSuite through a scripted OpenAI-compatible Engine", () => {
  it("meters the model path and never counts a host-dropped invented citation", async () => {
    await using server = await startScriptedOpenAIServer({
      script: (request) =>
        request.index === 0
          ? { type: "tool-call", name: "search_chats", args: { query: "Clerk magic links" } }
          : {
              type: "tool-call",
              name: "submit_report",
              args: {
                summary: "Scripted analysis.",
                findings: [
                  {
                    claim: "Clerk with magic links.",
                    candidate_ids: [...candidatesMentioning(request, "magic links"), "c999"],
                  },
                ],
                conflicts: [],
                missing_coverage: [],
                confidence: "high",
              },
            },
    });
    const engine = createExplorerEngine({
      kind: "openai-compatible",
      baseUrl: server.baseUrl,
      modelId: "scripted",
    });
    const result = await runSuite({ suite: SMALL_SUITE, engine });
    const [facts] = result.facts;
    expect(server.requests.length).toBe(2);
    expect(facts?.errorKind).toBeNull();
    expect(facts?.engineCalls).toBe(2);
    expect(facts?.inputTokens).toBeGreaterThan(0);
    expect(result.scores[0]).toMatchObject({ recall: 1, fabricated: 0 });
    // The finding's evidence and the suite's current evidence reach the facts as message ids.
    expect(facts?.current).toEqual(facts?.gold);
    expect(facts?.report?.findings).toEqual([facts?.gold]);
    expect(result.scores[0]).toMatchObject({ answerAt1: true, currentFirst: true });
    expect(result.engine).toEqual({ kind: "openai-compatible", modelId: "scripted" });
  });
});
