/**
 * The explorer sub-agent: configuration of the generic bounded runner (plan § Sub-agent Modules;
 * STYLE.md § One generic bounded runner). Owns one run's state: registry, submission, bounce,
 * progress. Returns a validated report and privacy-safe stats, or throws a classified error.
 *
 * Failure policy (plan § Budgets and Reliability): model failure with valid observations → the
 * labelled evidence-only report; without → the classified error; abort → `AbortedError`, nothing
 * completes afterwards; Pro lost mid-run → `PreconditionError`.
 */
import type { LanguageModel } from "ai";
import type { ExplorePhase, ExploreProgress } from "../../../card/explore-progress.js";
import type { ExploreChatHistoryReport } from "../../../card/report-schema.js";
import {
  AbortedError,
  ProviderError,
  type RecollectError,
} from "../../../errors/recollect-error.js";
import type { HistoryPort, HistoryScope } from "../../../history/index.js";
import type { RetrievalContext } from "../../../history/types.js";
import { runBoundedSubagent } from "../../subagent/run-bounded-subagent.js";
import type { ReadChatFunction, SearchChatsFunction } from "../history-port.js";
import { EXPLORER_BUDGETS, type ExplorerBudgets } from "./budgets.js";
import { CHILD_TOOL_NAMES, type ChildSubmitOutput, explorerTaskOptions } from "./child-protocol.js";
import { createChildTools } from "./child-tools.js";
import { createEvidenceRegistry, type EvidenceRegistry } from "./evidence-registry.js";
import { createProgressEmitter, progressEvent } from "./progress.js";
import {
  ALL_CITATIONS_FAILED_REASON,
  explorerRetryPrompt,
  explorerSystemPrompt,
  explorerTaskPrompt,
} from "./prompts.js";
import { type BuiltReport, buildEvidenceOnlyReport, buildReport, type RunFacts } from "./report.js";
import {
  checkObservation,
  type DroppedCitations,
  type MessageLocator,
  noDrops,
  type SubmitProposal,
  totalDrops,
  type ValidatedProposal,
  validateProposal,
} from "./report-validation.js";
import { type ExplorerStats, explorerStats } from "./stats.js";

/** Options of {@link runExplorer}. */
export interface RunExplorerOptions<C extends HistoryScope = RetrievalContext> {
  /** The research question, 1–500 chars (already validated by the tool's input schema). */
  readonly query: string;
  readonly model: LanguageModel;
  /** Locked app/chat/cutoff from the turn's context. */
  readonly retrieval: C;
  readonly searchChats: SearchChatsFunction<C>;
  readonly readChat: ReadChatFunction<C>;
  readonly locate: MessageLocator;
  /**
   * The store whose history the run explores when it is not the local one (issue 32): citations
   * are then checked against it (`locateMessages`, one query per check) instead of `locate`.
   */
  readonly history?: Pick<HistoryPort, "locateMessages">;
  /** Re-checked by every child call. */
  readonly isPro: () => boolean;
  readonly signal: AbortSignal;
  readonly onProgress?: (event: ExploreProgress) => void;
  /** Defaults to {@link EXPLORER_BUDGETS}. */
  readonly budgets?: ExplorerBudgets;
  /** Milliseconds clock for `duration_ms`; defaults to `Date.now`. */
  readonly now?: () => number;
  /**
   * A search or read that failed for an internal reason (the report says so as `tool_failed`).
   * Defaults to {@link logToolFailure}: one line on stderr, as the server logs internal errors.
   */
  readonly onToolFailure?: (tool: "search_chats" | "read_chat", error: RecollectError) => void;
}

/** A finished run: the report for the primary agent and counts for telemetry. */
export interface ExplorerRun {
  readonly report: ExploreChatHistoryReport;
  readonly stats: ExplorerStats;
}

const SUBMIT_TOOL = CHILD_TOOL_NAMES[2];

/**
 * Logs an explorer tool call that failed internally: one stderr line with the tool, the error's
 * kind and the first line of its message (never its stack, never the request or any archival
 * text), as `recollect serve` logs an internal error.
 */
export function logToolFailure(tool: "search_chats" | "read_chat", error: RecollectError): void {
  const firstLine = error.message.split("\n", 1)[0] ?? "";
  process.stderr.write(`recollect: explorer ${tool} failed (${error.kind}): ${firstLine}\n`);
}

/**
 * The locator a citation check uses now: `options.locate`, or, for a run over another store,
 * one built from a single `locateMessages` query over every message the run observed.
 */
function currentLocator<C extends HistoryScope>(
  options: RunExplorerOptions<C>,
  registry: EvidenceRegistry,
): () => Promise<MessageLocator> {
  const { history } = options;
  if (history === undefined) return async () => options.locate;
  return async () => {
    const ids = [...new Set(registry.observations().map((o) => o.messageId))];
    const found = await history.locateMessages(ids);
    return (messageId) => found.get(messageId) ?? null;
  };
}

/**
 * Runs one exploration.
 *
 * @throws AbortedError when `signal` fires (at once; no report is produced afterwards).
 * @throws PreconditionError when Pro is lost during the run.
 * @throws ProviderError (or another classified error) when the model fails before any valid
 *   observation exists.
 */
export async function runExplorer<C extends HistoryScope>(
  options: RunExplorerOptions<C>,
): Promise<ExplorerRun> {
  const budgets = options.budgets ?? EXPLORER_BUDGETS;
  const now = options.now ?? Date.now;
  const startedAt = now();
  const registry = createEvidenceRegistry(budgets);
  const controller = new AbortController();
  const relay = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) throw new AbortedError();
  options.signal.addEventListener("abort", relay, { once: true });

  let fatal: RecollectError | null = null;
  let stepsUsed = 0;
  // Closure-written run state; an object so the compiler does not narrow it to its initial value.
  const state: {
    accepted: ValidatedProposal | null;
    fallbackDrops: DroppedCitations | null;
    bounces: number;
  } = { accepted: null, fallbackDrops: null, bounces: 0 };
  const emit = createProgressEmitter((event) => options.onProgress?.(event));
  const phase = (name: ExplorePhase) => emit(progressEvent(name, registry.stats()));

  const locator = currentLocator(options, registry);
  const submit = async (proposal: SubmitProposal): Promise<ChildSubmitOutput> => {
    if (state.accepted || state.fallbackDrops) return { accepted: true };
    if (registry.stats().chats >= 2) phase("checking_conflicts");
    phase("synthesizing");
    const validated = validateProposal({
      proposal,
      registry,
      appId: options.retrieval.appId,
      locate: await locator(),
      budgets,
    });
    // Every citation failed, or none of the cited items kept enough valid evidence (a finding
    // needs 1, a conflict 2): the report would claim nothing it cited. One bounce, then fallback.
    const unusable =
      validated.cited > 0 && validated.findings.length === 0 && validated.conflicts.length === 0;
    if (unusable) {
      if (state.bounces < budgets.maxBounces) {
        state.bounces += 1;
        return { accepted: false, reason: ALL_CITATIONS_FAILED_REASON };
      }
      state.fallbackDrops = validated.dropped;
      return { accepted: true };
    }
    state.accepted = validated;
    return { accepted: true };
  };

  const tools = createChildTools({
    retrieval: options.retrieval,
    searchChats: options.searchChats,
    readChat: options.readChat,
    registry,
    isPro: options.isPro,
    signal: controller.signal,
    stepsLeft: () => budgets.maxSteps - stepsUsed,
    onFatal: (error) => {
      fatal ??= error;
      controller.abort(error);
    },
    onToolFailure: options.onToolFailure ?? logToolFailure,
    onRetrieval: (kind) => phase(kind === "search" ? "searching" : "reading"),
    submit,
  });

  let result: Awaited<ReturnType<typeof runBoundedSubagent>>;
  try {
    result = await runBoundedSubagent({
      model: options.model,
      system: explorerSystemPrompt({
        currentChatId: options.retrieval.currentChatId,
        maxSteps: budgets.maxSteps,
        maxCalls: budgets.maxCalls,
      }),
      prompt: explorerTaskPrompt(options.query),
      providerOptions: explorerTaskOptions({
        question: options.query,
        currentChatId: options.retrieval.currentChatId,
      }),
      retryPrompt: explorerRetryPrompt(options.query),
      tools,
      submitToolName: SUBMIT_TOOL,
      budgets: {
        maxSteps: budgets.maxSteps,
        maxAttempts: budgets.maxAttempts,
        modelIdleTimeoutMs: budgets.modelIdleTimeoutMs,
      },
      isSubmitted: () => state.accepted !== null || state.fallbackDrops !== null,
      shouldForceSubmit: () => registry.callsLeft() === 0 || registry.bytesLeft() === 0,
      signal: controller.signal,
      onStep: ({ step }) => {
        stepsUsed = step;
      },
      onToolCallStart: (toolName) => {
        if (toolName === SUBMIT_TOOL && registry.stats().chats >= 2) phase("checking_conflicts");
      },
    });
  } catch (error) {
    if (fatal) throw fatal;
    throw error;
  } finally {
    options.signal.removeEventListener("abort", relay);
  }
  if (fatal) throw fatal;
  if (options.signal.aborted) throw new AbortedError();

  const facts: RunFacts = {
    query: options.query,
    stats: registry.stats(),
    corrections: registry.corrections(),
    stepsExhausted: result.steps >= budgets.maxSteps,
  };
  let built: BuiltReport;
  let dropped: DroppedCitations = noDrops();
  const submitted = state.accepted;
  if (submitted !== null) {
    built = buildReport(facts, submitted, budgets);
    dropped = submitted.dropped;
  } else {
    const locate = await locator();
    const valid = registry
      .observations()
      .filter((o) => checkObservation(o, options.retrieval.appId, locate) === null);
    if (state.fallbackDrops === null && valid.length === 0) {
      throw result.error ?? new ProviderError("The explorer ended without a report.");
    }
    dropped = state.fallbackDrops ?? noDrops();
    built = buildEvidenceOnlyReport(facts, valid, budgets, dropped);
  }
  phase("synthesizing");
  return {
    report: built.report,
    stats: explorerStats({
      report: built.report,
      registry: facts.stats,
      durationMs: now() - startedAt,
      steps: result.steps,
      attempts: result.attempts,
      modelFailures: result.failures,
      bounces: state.bounces,
      droppedCitations: { ...dropped, over_budget: dropped.over_budget + built.clampedEvidence },
      droppedTotal: totalDrops(dropped) + built.clampedEvidence,
    }),
  };
}
