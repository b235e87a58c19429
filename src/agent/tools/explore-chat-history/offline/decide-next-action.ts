/**
 * The offline explorer's plan, one model step at a time: retrieve (the formulated question, or
 * the current chat's pages when the question is about it) → read (around the best-scoring hits
 * of distinct chats, in parallel) → expand (one RM3-expanded search) → read (the best new chats) →
 * settle (read on past the best cited messages, `settle-reads.ts`) → submit. Several tool calls go out in one step (AI SDK parallel tool calls), within the host's
 * budgets (`budgets.ts`: 10 steps, 24 calls). Submits early on a budget notice, the last step, or
 * a forced tool choice. Pure and deterministic.
 */
import type { LanguageModelV3ToolChoice } from "@ai-sdk/provider";
import type { ChildReadInput, ChildSearchInput, SubmitReportInput } from "../child-protocol.js";
import { probeWords } from "./evidence-strength.js";
import { questionPhrases } from "./phrase-probes.js";
import { type PolicyConfig, SUMMARY_REQUEST } from "./policy-parameters.js";
import { addedTerms, formulate, queryText } from "./query-model.js";
import {
  asksAboutCurrentChat,
  kindNamesQuery,
  rankEvidence,
  usesKindNames,
} from "./rank-evidence.js";
import type { RunState } from "./run-state.js";
import { selectEvidence } from "./select-evidence.js";
import { settleCalls } from "./settle-reads.js";
import { writeReport } from "./write-report.js";

/** What the host allows this call (from `tools` and `toolChoice` in the call options). */
export interface ActionConstraints {
  /** Names of the tools offered in this call. */
  readonly availableTools: ReadonlySet<string>;
  /** The call's tool choice as the AI SDK passes it (absent = `auto`). */
  readonly toolChoice?: LanguageModelV3ToolChoice | undefined;
}

/** One tool call the policy makes, its input as the child protocol types it. */
export type OfflineToolCall =
  | { readonly toolName: "search_chats"; readonly input: ChildSearchInput }
  | { readonly toolName: "read_chat"; readonly input: ChildReadInput }
  | { readonly toolName: "submit_report"; readonly input: SubmitReportInput };

/** One step: tool calls (≥ 1), or text when no tool may be called. */
export type OfflineAction =
  | { readonly type: "calls"; readonly calls: readonly OfflineToolCall[] }
  | { readonly type: "text"; readonly text: string };

const NEEDS_TOOLS = "The offline engine answers only through the submit_report tool.";

/** The report for the run so far (the whole pipeline after retrieval). */
export function reportFor(state: RunState, config: PolicyConfig): SubmitReportInput {
  const ranking = rankEvidence(state, config);
  const limit =
    config.parameters[SUMMARY_REQUEST.test(state.question) ? "summaryCited" : "maxCited"];
  const selection = selectEvidence(ranking.messages, config, limit);
  return writeReport(ranking, selection, state.searches, config, {
    question: state.question,
    outsideCurrentChat: state.currentChatId !== null,
  });
}

/** The first step: one search for the question, or two pages of the current chat when it is about it. */
function retrieveCalls(state: RunState, config: PolicyConfig): OfflineToolCall[] {
  const { currentChatId: chatId, question } = state;
  const limit = config.parameters.currentChatPage;
  if (chatId !== null && asksAboutCurrentChat(state)) {
    return [0, limit].map((offset) => ({
      toolName: "read_chat",
      input: { chat_id: chatId, offset, limit },
    }));
  }
  const query = queryText(formulate(question)) || question;
  if (query.trim() === "") return [];
  return [{ toolName: "search_chats", input: { query, limit: config.parameters.searchLimit } }];
}

/**
 * The RM3-expanded search (only for a subject of at most `expandSearchMaxTerms` terms), the kind
 * names' search, one probe search (one chat) per subject word nothing observed holds, and for a
 * yes/no question one per technology name of several words it names (`phrase-probes.ts`).
 */
function expandCalls(state: RunState, config: PolicyConfig): OfflineToolCall[] {
  if (asksAboutCurrentChat(state)) return [];
  const { off, parameters } = config;
  const ranking = rankEvidence(state, config);
  const expanded =
    !off.has("expand") &&
    ranking.subject.weights.size <= parameters.expandSearchMaxTerms &&
    addedTerms(ranking.question, ranking.expanded).length > 0;
  const searched = new Set(state.searches.map((run) => run.query));
  const phrases = questionPhrases(state.question).filter((phrase) => !searched.has(phrase));
  const probes = off.has("probe")
    ? []
    : [...probeWords(ranking, parameters.probeTerms, state.question), ...phrases];
  return [
    ...(expanded ? [{ query: queryText(ranking.expanded), limit: parameters.searchLimit }] : []),
    ...kindSearches(state, config),
    ...probes.map((query) => ({ query, limit: 1 })),
  ].map((input) => ({ toolName: "search_chats", input }));
}

/**
 * One search for the names the app uses for the kinds the question asked about (the first
 * search's `kinds`: "how do people log in?" → "clerk supabase"), once: their hits join the fused
 * lists beside the question's own, instead of reordering them.
 */
function kindSearches(state: RunState, config: PolicyConfig): ChildSearchInput[] {
  if (!usesKindNames(state, config)) return [];
  const query = kindNamesQuery(state);
  if (query === "" || state.searches.some((run) => run.query === query)) return [];
  return [{ query, limit: config.parameters.searchLimit }];
}

/**
 * Reads around the best hit of up to `reads` unread chats, best local score first: the chat whose
 * text matches the question, not the one a search happened to rank high (BEAM-100K dev against
 * fused-order reads: recall 0.43 → 0.44, summarization 0.91x → 1.01x; docs/OFFLINE-ABLATION.md).
 * Places left then go to a second window in a chat just read, around its next search match when
 * that lies outside the first window (by message id: an imported session's ids run in order, and
 * elsewhere a second read is at worst redundant): a long coding session holds a subject in turns
 * far apart (coding-histories dev: recall 0.58 → 0.60, answer@1 0.52 → 0.54; curated and BEAM-100K
 * unchanged). When both matches shown lie in the first window, the anchor is the best of the
 * chat's other matches the search named by id (`more_match_ids`; coding-histories dev: recall
 * 0.60 → 0.61, answer@1 0.54 → 0.56, answer@3 0.65 → 0.67; curated unchanged). One second window
 * a chat: a third and more cost answer@1 0.56 → 0.52 (new turns compete with the answer).
 */
function readCalls(state: RunState, config: PolicyConfig): OfflineToolCall[] {
  if (config.off.has("read")) return [];
  const { reads, readBefore: before, readAfter: after } = config.parameters;
  const read = new Set(state.readChats);
  const calls: OfflineToolCall[] = [];
  const byScore = [...rankEvidence(state, config).messages].sort((a, b) => b.score - a.score);
  const readAround = (chat_id: number, around_message_id: number) =>
    calls.push({ toolName: "read_chat", input: { chat_id, around_message_id, before, after } });
  const firstWindow = new Map<number, number>();
  for (const item of byScore) {
    if (calls.length >= reads) break;
    const { chatId, messageId } = item.observation;
    if (read.has(chatId) || chatId === state.currentChatId) continue;
    read.add(chatId);
    firstWindow.set(chatId, messageId);
    readAround(chatId, messageId);
  }
  // A second window's anchor, per chat just read: its scored search matches, then the ids of its
  // other matches the searches named without text, in rank order; the first outside the window.
  const anchors = new Map<number, number[]>([...firstWindow.keys()].map((chat) => [chat, []]));
  for (const { observation } of byScore) {
    if (observation.via === "search") anchors.get(observation.chatId)?.push(observation.messageId);
  }
  for (const run of state.searches) {
    for (const [chat, ids] of run.moreMatches) anchors.get(chat)?.push(...ids);
  }
  for (const [chat, ids] of anchors) {
    if (calls.length >= reads) break;
    const first = firstWindow.get(chat) ?? 0;
    const next = ids.find((id) => Math.abs(first - id) > before + after);
    if (next !== undefined) readAround(chat, next);
  }
  return calls;
}

/** The settle reads (`settle-reads.ts`) past the best messages the report would cite now. */
function lastWordCalls(state: RunState, config: PolicyConfig): OfflineToolCall[] {
  const ranking = rankEvidence(state, config);
  const { settleReads } = config.parameters;
  const cited = selectEvidence(ranking.messages, config, settleReads).cited;
  return settleCalls(state, cited, config);
}

function mustSubmit(state: RunState, constraints: ActionConstraints): boolean {
  const { toolChoice, availableTools } = constraints;
  if (toolChoice?.type === "tool") return toolChoice.toolName === "submit_report";
  if (state.budgetExhausted || state.submitted || (state.stepsLeft ?? 2) <= 1) return true;
  return !availableTools.has("search_chats") && !availableTools.has("read_chat");
}

/**
 * The stage due now, from what the run already did: retrieve (first step) → read around the best
 * hits → expand (a search with the RM3 terms, fed by the read text) → read around the best new
 * chats → settle (once) → nothing (submit). A stage with nothing to do falls through to the next.
 */
function stageCalls(state: RunState, config: PolicyConfig): OfflineToolCall[] {
  if (state.toolCallCount === 0) return retrieveCalls(state, config);
  if (state.searches.length < 2) {
    if (state.steps === 1) {
      const reads = readCalls(state, config);
      if (reads.length > 0) return reads;
    }
    const expand = state.steps <= 2 ? expandCalls(state, config) : [];
    return expand.length > 0 ? expand : lastWordCalls(state, config);
  }
  const afterExpand = state.lastStepTools.every((tool) => tool === "search_chats");
  const reads = afterExpand ? readCalls(state, config) : [];
  return reads.length > 0 ? reads : lastWordCalls(state, config);
}

/**
 * `calls` with the question's search words, and the names of the kinds it asks about
 * (`kindNamesQuery`), as every read's `focus`, so a turn longer than the read bound shows the
 * stretch about the question rather than its head (`focus-window.ts`): a coding agent's narration
 * of a whole task states its pick ("I recommend MailerLite … due to its …") thousands of
 * characters in, and a pasted requirements document says "Database: PostgreSQL" for "what
 * database do we use?" far below its head.
 */
function focused(
  calls: OfflineToolCall[],
  state: RunState,
  config: PolicyConfig,
): OfflineToolCall[] {
  const focus = [queryText(formulate(state.question)), kindNamesQuery(state)]
    .filter((text) => text !== "")
    .join(" ");
  if (config.off.has("focus") || focus === "") return calls;
  return calls.map((call) =>
    call.toolName === "read_chat" ? { ...call, input: { ...call.input, focus } } : call,
  );
}

/**
 * The next step: the due stage's calls (those the host offers, cut to its remaining call budget),
 * else submit_report; text only when no tool may be called.
 */
export function decideNextAction(
  state: RunState,
  constraints: ActionConstraints,
  config: PolicyConfig,
): OfflineAction {
  if (constraints.toolChoice?.type === "none") return { type: "text", text: NEEDS_TOOLS };
  if (!mustSubmit(state, constraints)) {
    const calls = focused(stageCalls(state, config), state, config).filter((call) =>
      constraints.availableTools.has(call.toolName),
    );
    const room = state.callsLeft ?? Number.POSITIVE_INFINITY;
    if (calls.length > 0) return { type: "calls", calls: calls.slice(0, Math.max(1, room)) };
  }
  if (!constraints.availableTools.has("submit_report")) return { type: "text", text: NEEDS_TOOLS };
  return { type: "calls", calls: [{ toolName: "submit_report", input: reportFor(state, config) }] };
}
