/**
 * Runs one suite question through the real `explore_chat_history` tool (Pro context, the given
 * engine) and reduces what happened to {@link QuestionFacts}. A run that throws becomes facts with
 * `report: null` and the error's kind, so one failure never stops the suite.
 */
import type {
  ExploreChatHistoryInput,
  ExploreChatHistoryOutput,
  ExploreChatHistoryReport,
} from "../../agent/tools/explore-chat-history/index.js";
import { readChatTool, searchChatsTool } from "../../agent/tools/registry.js";
import type { ToolDefinition } from "../../agent/tools/tool-definition.js";
import { toRecollectError } from "../../errors/recollect-error.js";
import { readChat, searchChats } from "../../history/index.js";
import type { RetrievalContext } from "../../history/types.js";
import { createMessageLocator } from "../../store/catalog/messages.js";
import type { Store } from "../../store/open-store.js";
import type { FloorIndex } from "../floor/floor-index.js";
import { type AnswerWords, annotatedAnswer, countAnswerWords } from "../metrics/answer-words.js";
import type { CitedTarget, QuestionFacts } from "../metrics/question-facts.js";
import type { SuiteQuestion } from "../suite/suite-schema.js";
import { type LoadedSuite, messageIdOf } from "./load-suite-into-store.js";
import type { EngineMeter } from "./metered-engine.js";
import type { RecordedCall, RetrievalRecorder } from "./recording-retrieval.js";

/** Options of {@link runQuestion}. */
export interface RunQuestionOptions {
  readonly store: Store;
  readonly loaded: LoadedSuite;
  readonly question: SuiteQuestion;
  /** The explorer tool built over `recorder`'s retrieval functions. */
  readonly tool: ToolDefinition<ExploreChatHistoryInput, ExploreChatHistoryOutput>;
  readonly recorder: RetrievalRecorder;
  readonly meter: EngineMeter;
  /** The run's bare-bm25 floor, queried after the explorer (its time is not in the latency). */
  readonly floor: FloorIndex;
  /** Millisecond clock (default `performance.now`). */
  readonly now?: () => number;
  /** CPU-time clock of this process, ms (default {@link processCpuMs}). */
  readonly cpu?: () => number;
  /** Aborts the question's exploration (the run is being stopped); default never. */
  readonly signal?: AbortSignal;
}

/** User + system CPU time of this process so far, ms (`process.cpuUsage`, µs / 1000). */
export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The floor ranking kept per question: enough for its largest fixed cut-off (k = 10). */
const FLOOR_MIN_DEPTH = 10;

/** Runs `question` and returns its facts. Never throws for a failed exploration. */
export async function runQuestion(options: RunQuestionOptions): Promise<QuestionFacts> {
  const { store, loaded, question, tool, recorder, meter } = options;
  const now = options.now ?? (() => performance.now());
  const cpu = options.cpu ?? processCpuMs;
  const appId = loaded.appIds.get(question.app)!;
  const currentChatId = question.current_chat ? loaded.chatIds.get(question.current_chat)! : null;
  // The current chat's last message plays the in-flight assistant turn: reads stop below it.
  const currentMessageId = question.current_chat
    ? (loaded.messageIds.get(question.current_chat)?.at(-1) ?? null)
    : null;
  recorder.reset();
  meter.reset();
  let firstProgressMs: number | null = null;
  const cpuStart = cpu();
  const start = now();
  let report: ExploreChatHistoryReport | null = null;
  let errorKind: string | null = null;
  try {
    const output = await tool.execute(
      { query: question.question },
      {
        store,
        appId,
        chatId: currentChatId,
        messageId: currentMessageId,
        isPro: true,
        abortSignal: options.signal ?? new AbortController().signal,
        engine: meter.engine,
        updateCard: () => {
          firstProgressMs ??= now() - start;
        },
      },
    );
    report = output.report;
  } catch (error) {
    errorKind = toRecollectError(error).kind;
  }
  const latencyMs = now() - start;
  const cpuMs = cpu() - cpuStart;
  const calls = recorder.calls();
  const observed = recorder.observedMessageIds();
  const engine = meter.totals();
  const retrieval: RetrievalContext = { store, appId, currentChatId, currentMessageId };
  const gold = question.gold_evidence.map((ref) => messageIdOf(loaded, ref));
  const facts = report === null ? null : reportFacts(store, report);
  const floorDepth = Math.max(FLOOR_MIN_DEPTH, facts?.cited.length ?? 0);
  return {
    id: question.id,
    category: question.category,
    expected: question.expected,
    appId,
    gold,
    goldChats: [...new Set(question.gold_evidence.map((ref) => loaded.chatIds.get(ref.chat)!))],
    acceptable: (question.acceptable_evidence ?? []).map((ref) => messageIdOf(loaded, ref)),
    current: (question.current_evidence ?? []).map((ref) => messageIdOf(loaded, ref)),
    expectConflict: question.expect_conflict === true,
    expectIndexStatus: question.expect_index_status ?? null,
    report: facts,
    errorKind,
    answerWords: report === null ? null : answerWordsOf(store, question, report),
    observed,
    latencyMs,
    cpuMs,
    firstProgressMs,
    modelMs: engine.modelMs,
    retrieval: recorder.times(),
    engineCalls: engine.calls,
    engineInputBytes: engine.inputBytes,
    engineMaxInputBytes: engine.maxInputBytes,
    inputTokens: engine.inputTokens,
    outputTokens: engine.outputTokens,
    directBytes: await replayDirectBytes(retrieval, calls),
    floor: options.floor.rank(appId, question.question, floorDepth),
  };
}

/**
 * The first claim's count of `question`'s answer words (its `answer`, else its note's); its baseline reads the first
 * finding's messages from their stored opening, in evidence order. Null without an annotated
 * answer or a finding.
 */
function answerWordsOf(
  store: Store,
  question: SuiteQuestion,
  report: ExploreChatHistoryReport,
): AnswerWords | null {
  const answer = question.answer ?? annotatedAnswer(question.note);
  const [first] = report.findings;
  if (answer === null || first === undefined) return null;
  const content = store.db.prepare<[number], { content: string }>(
    "SELECT content FROM messages WHERE id = ?",
  );
  const opening = first.evidence
    .map((evidence) => content.get(evidence.message_id)?.content ?? "")
    .join(" ");
  return countAnswerWords(answer, question.question, first.claim, opening);
}

function reportFacts(
  store: Store,
  report: ExploreChatHistoryReport,
): NonNullable<QuestionFacts["report"]> {
  const locate = createMessageLocator(store.db);
  const cited = new Map<number, CitedTarget>();
  for (const group of [...report.findings, ...report.conflicts]) {
    for (const evidence of group.evidence) {
      if (cited.has(evidence.message_id)) continue;
      const row = locate(evidence.message_id);
      cited.set(evidence.message_id, {
        messageId: evidence.message_id,
        chatId: evidence.chat_id,
        actual: row ? { appId: row.appId, chatId: row.chatId } : null,
      });
    }
  }
  return {
    outcome: report.outcome,
    action: report.action,
    confidence: report.confidence,
    indexStatus: report.index_status,
    cited: [...cited.values()],
    findings: report.findings.map((finding) => finding.evidence.map((e) => e.message_id)),
    conflicts: report.conflicts.map((conflict) => conflict.evidence.map((e) => e.message_id)),
    bytes: Buffer.byteLength(JSON.stringify(report), "utf8"),
    evidenceOnly: report.evidence_only,
  };
}

/**
 * The primary-context baseline: the explorer's own executed searches and reads, replayed through
 * the primitives and serialized exactly as the direct `search_chats` / `read_chat` tools would
 * hand them to the primary model. Bytes of UTF-8.
 */
export async function replayDirectBytes(
  retrieval: RetrievalContext,
  calls: readonly RecordedCall[],
): Promise<number> {
  let bytes = 0;
  for (const call of calls) {
    const text =
      call.kind === "search"
        ? searchChatsTool.toModelOutput(await searchChats(retrieval, call.input))
        : readChatTool.toModelOutput(await readChat(retrieval, call.input));
    bytes += Buffer.byteLength(text, "utf8");
  }
  return bytes;
}
