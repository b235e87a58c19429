/**
 * The offline exploration policy: given the run so far, the next single action. Search the
 * planned reformulations (keeping {@link READ_RESERVE} calls for reads), read around the strongest
 * hits — a later chat mentioning an already chosen option first (`recency-lead.ts`), then the
 * best hit of each question part — then submit: earlier when the budget says so
 * or the host forces `submit_report`. Pure and deterministic.
 */
import type { SubmitReportInput } from "../../agent/tools/explore-chat-history/child-protocol.js";
import { collectStatements } from "./decision-statements.js";
import type { ExplorationState } from "./exploration-state.js";
import { nextSearchQuery } from "./plan-queries.js";
import { readOrder } from "./read-order.js";
import { recencyLead } from "./recency-lead.js";
import { buildRelevanceModel } from "./score-hits.js";
import { linkedReplies } from "./statement-pool.js";
import { buildTopicProfile, type TopicProfile } from "./topic-profile.js";
import { relevantObservations, writeReport } from "./write-report.js";

/**
 * Tool calls per run, submit included: the host's step budget (`budgets.ts` maxSteps 10, one
 * call per step; its 24 calls are never the binding limit).
 */
export const MAX_TOOL_CALLS = 10;
/** Chats read around their best hit, at most; fewer when searches used the call budget. */
export const MAX_READS = 4;
/** Calls kept for reads: searching stops when only these (plus submit) are left. */
export const READ_RESERVE = 3;
/** Messages before/after the hit in a read: 2 back for the question, 3 on for the approval. */
export const READ_BEFORE = 2;
export const READ_AFTER = 3;

/** What the host allows this call (from `tools` and `toolChoice` in the call options). */
export interface ActionConstraints {
  /** Names of the tools offered in this call. */
  readonly availableTools: ReadonlySet<string>;
  /** `auto` (default), `none`, `required`, or one forced tool name. */
  readonly toolChoice: "auto" | "none" | "required" | { readonly toolName: string };
}

/** One step of the policy. */
export type OfflineAction =
  | { readonly type: "search"; readonly input: { readonly query: string; readonly limit: number } }
  | {
      readonly type: "read";
      readonly input: {
        readonly chat_id: number;
        readonly around_message_id: number;
        readonly before: number;
        readonly after: number;
      };
    }
  | {
      readonly type: "read-page";
      readonly input: { readonly chat_id: number; readonly offset: number; readonly limit: number };
    }
  | { readonly type: "submit"; readonly input: SubmitReportInput }
  | { readonly type: "text"; readonly text: string };

const NEEDS_TOOLS = "The offline engine answers only through the submit_report tool.";

/** Messages per page of the current chat (the protocol's maximum page, 20). */
export const CURRENT_CHAT_PAGE = 20;
/** Pages of the current chat read for a question about it. */
export const MAX_CURRENT_CHAT_PAGES = 2;

/** The question is about the conversation it is asked in ("earlier in this chat"). */
const ABOUT_CURRENT_CHAT =
  /\b(?:this|current|our|the\s+same)\s+(?:chat|conversation|thread|session|discussion)\b|\bearlier\s+(?:here|today|above)\b|\bup\s+above\b/i;

/**
 * For a question about the current chat (plan § Current-chat Behavior: explicit bounded reads
 * may recover compacted-away context): the next page of it, from the start, while pages remain.
 * Never otherwise: the current chat is not read on every exploration.
 */
function nextCurrentChatPage(state: ExplorationState): OfflineAction | null {
  const chatId = state.currentChatId;
  if (chatId === null || !ABOUT_CURRENT_CHAT.test(state.question)) return null;
  const pages = state.reads.filter(
    (read) => read.chatId === chatId && read.aroundMessageId === null,
  );
  if (pages.length >= MAX_CURRENT_CHAT_PAGES) return null;
  const last = pages.at(-1);
  if (last && !last.hasMoreAfter) return null;
  const offset = last ? last.offset + CURRENT_CHAT_PAGE : 0;
  return { type: "read-page", input: { chat_id: chatId, offset, limit: CURRENT_CHAT_PAGE } };
}

/** Chats per search: the protocol's default of 8. */
const SEARCH_LIMIT = 8;

function mustSubmit(state: ExplorationState, constraints: ActionConstraints): boolean {
  const { toolChoice, availableTools } = constraints;
  if (typeof toolChoice === "object") return toolChoice.toolName === "submit_report";
  if (state.budgetExhausted) return true;
  if (state.budget && (state.budget.steps_left <= 1 || state.budget.calls_left <= 0)) return true;
  if (state.toolCallCount >= MAX_TOOL_CALLS - 1) return true;
  return !availableTools.has("search_chats") && !availableTools.has("read_chat");
}

function nextRead(profile: TopicProfile, state: ExplorationState): OfflineAction | null {
  if (state.reads.length >= MAX_READS) return null;
  // Keep one call for submit_report.
  if (state.toolCallCount >= MAX_TOOL_CALLS - 1) return null;
  const readChats = new Set(state.reads.map((read) => read.chatId));
  const scored = relevantObservations(profile, state, true);
  const relevant = scored.map((item) => item.observation);
  // After a decision chain, a later chat that mentions the chosen option is read first.
  const model = buildRelevanceModel(profile, state.observations);
  const newer = recencyLead(
    relevant,
    collectStatements(profile, model, relevant, state.observations),
  );
  const order = readOrder(profile, scored);
  const leads = newer ? [newer, ...order.filter((item) => item !== newer)] : order;
  for (const observation of leads) {
    if (readChats.has(observation.chatId) || observation.fromRead) continue;
    return {
      type: "read",
      input: {
        chat_id: observation.chatId,
        around_message_id: observation.messageId,
        before: READ_BEFORE,
        after: READ_AFTER,
      },
    };
  }
  return null;
}

/**
 * Decides the next action. Order: finished (accepted report) → text; forced or out of budget →
 * submit; next planned search; next read; submit. A bounced report is resubmitted once with only
 * findings (conflicts dropped) so the host can still validate something.
 */
export function decideNextAction(
  state: ExplorationState,
  constraints: ActionConstraints,
): OfflineAction {
  if (state.submissions.some((item) => item.accepted)) {
    return { type: "text", text: "Report submitted." };
  }
  if (constraints.toolChoice === "none") return { type: "text", text: NEEDS_TOOLS };
  const profile = buildTopicProfile(state.question);
  const bounced = state.submissions.length > 0;
  const canSubmit = constraints.availableTools.has("submit_report");
  if (!bounced && !(canSubmit && mustSubmit(state, constraints))) {
    const forcedOther =
      typeof constraints.toolChoice === "object" ? constraints.toolChoice.toolName : null;
    if (
      constraints.availableTools.has("read_chat") &&
      (forcedOther === null || forcedOther === "read_chat")
    ) {
      const page = nextCurrentChatPage(state);
      if (page) return page;
    }
    if (
      constraints.availableTools.has("search_chats") &&
      (forcedOther === null || forcedOther === "search_chats")
    ) {
      const relevant = relevantObservations(profile, state, true).map((item) => item.observation);
      // Names in replies to relevant messages ("Recharts: React-friendly …") are leads too: after a
      // read, they can start a follow-up search for where that choice was revisited.
      const leads = [...relevant, ...linkedReplies(relevant, state.observations)];
      const query = nextSearchQuery(profile, state.searchedQueries, leads, relevant.length, {
        relevant,
        all: state.observations,
      });
      const reserveLeft = state.toolCallCount < MAX_TOOL_CALLS - 1 - READ_RESERVE;
      if (query !== null && (reserveLeft || relevant.length === 0))
        return { type: "search", input: { query, limit: SEARCH_LIMIT } };
    }
    if (
      constraints.availableTools.has("read_chat") &&
      (forcedOther === null || forcedOther === "read_chat")
    ) {
      const read = nextRead(profile, state);
      if (read) return read;
    }
  }
  if (!canSubmit) return { type: "text", text: NEEDS_TOOLS };
  const report = writeReport(profile, state);
  if (!bounced) return { type: "submit", input: report };
  return {
    type: "submit",
    input: {
      ...report,
      findings: report.findings.map((finding) => ({
        ...finding,
        candidate_ids: finding.candidate_ids.slice(0, 1),
      })),
      conflicts: [],
    },
  };
}
