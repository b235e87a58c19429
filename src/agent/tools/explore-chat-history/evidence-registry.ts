/**
 * The per-run observation registry (plan § Evidence Registry and Report Contract). Only the child
 * adapters fill it, and only from typed `SearchChatsResult` / `ReadChatResult` objects. Each
 * observed message gets one opaque candidate ID (`c1`, `c2`, … in observation order) for the run;
 * an observation record never changes once registered.
 *
 * It also owns the run's call and byte accounting: a repeated normalized query or (chat, window)
 * read is answered from the registry (not re-run, not re-counted); executed calls are capped at
 * `maxCalls`; observation bytes (UTF-8 bytes of the JSON the child sees per chat header and per
 * message) are capped per call (12 KB search, 20 KB read) and for the run (96 KB), exactly: an
 * entry that would cross a cap is not sent and not registered.
 */

import type {
  IndexStatus,
  MessageRole,
  ReadChatResult,
  SearchChatsResult,
} from "../../../history/types.js";
import type { ExplorerBudgets } from "./budgets.js";
import type {
  ChildReadMessage,
  ChildReadOutput,
  ChildSearchMatch,
  ChildSearchOutput,
} from "./child-protocol.js";

/** One observed message, immutable. `text` is what the child saw (search excerpt or read content). */
export interface Observation {
  readonly candidateId: string;
  readonly chatId: number;
  readonly chatTitle: string | null;
  readonly messageId: number;
  readonly role: MessageRole;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  readonly text: string;
  readonly isCompactionSummary: boolean;
  readonly projectionTruncated: boolean;
  /** How it was first observed; search hits matched the query, read messages are context. */
  readonly via: "search" | "read";
}

/** The child-visible body of a search answer (budget and notice are added by the adapter). */
export type SearchBody = Omit<ChildSearchOutput, "budget" | "notice">;
/** The child-visible body of a read answer. */
export type ReadBody = Omit<ChildReadOutput, "budget" | "notice">;

/** Why a call was refused before it ran. */
export type CallRefusal = "calls" | "bytes";

/** Privacy-safe run counts: numbers and statuses only. */
export interface RegistryStats {
  readonly searches: number;
  readonly reads: number;
  /** Repeats answered from the registry. */
  readonly dedupedCalls: number;
  /** Calls refused by the call or byte budget. */
  readonly refusedCalls: number;
  /** Executed calls that failed (not found, invalid input). They count against `maxCalls`. */
  readonly failedCalls: number;
  readonly observations: number;
  readonly observationBytes: number;
  /** Distinct chats read. */
  readonly discussions: number;
  /** Distinct chats with at least one observation. */
  readonly chats: number;
  /** `indexing` if any search in the run saw an incomplete index. */
  readonly indexStatus: IndexStatus;
  /** Largest pending (unindexed) message count any search reported. */
  readonly pendingCount: number;
  /** A result was truncated at its bound, or entries were withheld by a byte cap. */
  readonly truncated: boolean;
  /** A call or byte budget refused or trimmed something. */
  readonly budgetExhausted: boolean;
}

/** The registry's interface; create one per explorer run with {@link createEvidenceRegistry}. */
export interface EvidenceRegistry {
  /** A previous answer for the same normalized key, or undefined. Counts a dedupe when found. */
  cachedSearch(key: string): SearchBody | undefined;
  cachedRead(key: string): ReadBody | undefined;
  /** Null when a call may run now (its slot is reserved); otherwise why not (refusal counted). */
  admitCall(): CallRefusal | null;
  /** Registers a search result under `key` and returns the child-visible body. */
  recordSearch(key: string, result: SearchChatsResult): SearchBody;
  /** Registers a read result under `key` and returns the child-visible body. */
  recordRead(key: string, result: ReadChatResult): ReadBody;
  /** Counts an executed call that failed. */
  recordFailedCall(): void;
  get(candidateId: string): Observation | undefined;
  /** Every observation, in registration order. */
  observations(): readonly Observation[];
  callsLeft(): number;
  bytesLeft(): number;
  stats(): RegistryStats;
}

type RegistryBudgets = Pick<
  ExplorerBudgets,
  "maxCalls" | "maxObservationBytes" | "maxSearchBytes" | "maxReadBytes"
>;

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}

function flags(source: { is_compaction_summary: boolean; projection_truncated: boolean }) {
  return {
    ...(source.is_compaction_summary ? { is_compaction_summary: true as const } : {}),
    ...(source.projection_truncated ? { projection_truncated: true as const } : {}),
  };
}

/** Normalizes a search query for dedupe: NFKC, lower case, collapsed whitespace, plus the limit. */
export function searchKey(query: string, limit: number): string {
  return `${query.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()}|${limit}`;
}

/**
 * Creates an empty registry for one run. Budgets default to none here: the explorer passes
 * `EXPLORER_BUDGETS` (96 KB aggregate, 24 calls, 12/20 KB per call).
 */
export function createEvidenceRegistry(budgets: RegistryBudgets): EvidenceRegistry {
  const byId = new Map<string, Observation>();
  const byMessage = new Map<number, Observation>();
  const searchCache = new Map<string, SearchBody>();
  const readCache = new Map<string, ReadBody>();
  const chatsRead = new Set<number>();
  const chatsSeen = new Set<number>();
  const counters = {
    admitted: 0,
    searches: 0,
    reads: 0,
    deduped: 0,
    refused: 0,
    failed: 0,
    bytes: 0,
  };
  let indexStatus: IndexStatus = "ready";
  let pendingCount = 0;
  let truncated = false;
  let budgetExhausted = false;

  /** The ID a message has or would get next, so byte accounting counts the exact JSON sent. */
  const peekId = (messageId: number) =>
    byMessage.get(messageId)?.candidateId ?? `c${byId.size + 1}`;
  // Admission reserves the slot synchronously: parallel calls in one step cannot overshoot.
  const callsUsed = () => counters.admitted;

  function observe(
    chatId: number,
    chatTitle: string | null,
    message: { message_id: number; role: MessageRole; created_at: string },
    text: string,
    source: { is_compaction_summary: boolean; projection_truncated: boolean },
    via: Observation["via"],
  ): Observation {
    const existing = byMessage.get(message.message_id);
    if (existing) return existing;
    const observation: Observation = Object.freeze({
      candidateId: `c${byId.size + 1}`,
      chatId,
      chatTitle,
      messageId: message.message_id,
      role: message.role,
      createdAt: message.created_at,
      text,
      isCompactionSummary: source.is_compaction_summary,
      projectionTruncated: source.projection_truncated,
      via,
    });
    byId.set(observation.candidateId, observation);
    byMessage.set(observation.messageId, observation);
    chatsSeen.add(chatId);
    return observation;
  }

  /** Reserves `bytes` within the per-call and aggregate caps; false (and flags) if they don't fit. */
  function makeSpender(perCallCap: number) {
    let spent = 0;
    return (bytes: number): boolean => {
      if (spent + bytes > perCallCap || counters.bytes + bytes > budgets.maxObservationBytes) {
        truncated = true;
        if (counters.bytes + bytes > budgets.maxObservationBytes) budgetExhausted = true;
        return false;
      }
      spent += bytes;
      counters.bytes += bytes;
      return true;
    };
  }

  return {
    cachedSearch(key) {
      const body = searchCache.get(key);
      if (body) counters.deduped += 1;
      return body;
    },
    cachedRead(key) {
      const body = readCache.get(key);
      if (body) counters.deduped += 1;
      return body;
    },
    admitCall() {
      let refusal: CallRefusal | null = null;
      if (callsUsed() >= budgets.maxCalls) refusal = "calls";
      else if (counters.bytes >= budgets.maxObservationBytes) refusal = "bytes";
      if (refusal) {
        counters.refused += 1;
        budgetExhausted = true;
      } else {
        counters.admitted += 1;
      }
      return refusal;
    },
    recordSearch(key, result) {
      counters.searches += 1;
      if (result.index_status === "indexing") indexStatus = "indexing";
      pendingCount = Math.max(pendingCount, result.pending_count);
      if (result.truncated) truncated = true;
      const spend = makeSpender(budgets.maxSearchBytes);
      const chats: SearchBody["chats"][number][] = [];
      let withheld = false;
      outer: for (const hit of result.chats) {
        const header = {
          chat_id: hit.chat_id,
          title: hit.chat_title,
          created_at: hit.chat_created_at,
        };
        if (!spend(jsonBytes({ ...header, matches: [] }))) {
          withheld = true;
          break;
        }
        const matches: ChildSearchMatch[] = [];
        for (const match of hit.matches) {
          const preview = {
            candidate_id: peekId(match.message_id),
            message_id: match.message_id,
            role: match.role,
            created_at: match.created_at,
            excerpt: match.excerpt,
            ...flags(match),
          };
          if (!spend(jsonBytes(preview))) {
            withheld = true;
            if (matches.length > 0) chats.push({ ...header, matches });
            break outer;
          }
          const observation = observe(
            hit.chat_id,
            hit.chat_title,
            match,
            match.excerpt,
            match,
            "search",
          );
          matches.push({ ...preview, candidate_id: observation.candidateId });
        }
        chats.push({ ...header, matches });
      }
      const body: SearchBody = {
        index_status: result.index_status,
        pending_count: result.pending_count,
        truncated: result.truncated || withheld,
        chats,
      };
      searchCache.set(key, body);
      return body;
    },
    recordRead(key, result) {
      counters.reads += 1;
      chatsRead.add(result.chat_id);
      if (result.truncated) truncated = true;
      const spend = makeSpender(budgets.maxReadBytes);
      const header = { chat_id: result.chat_id, title: result.chat_title };
      const messages: ChildReadMessage[] = [];
      if (spend(jsonBytes({ ...header, messages: [] }))) {
        for (const message of result.messages) {
          const preview = {
            candidate_id: peekId(message.message_id),
            message_id: message.message_id,
            role: message.role,
            created_at: message.created_at,
            content: message.content,
            ...flags(message),
          };
          if (!spend(jsonBytes(preview))) break;
          const observation = observe(
            result.chat_id,
            result.chat_title,
            message,
            message.content,
            message,
            "read",
          );
          messages.push({ ...preview, candidate_id: observation.candidateId });
        }
      }
      const body: ReadBody = {
        ...header,
        messages,
        has_more_before: result.has_more_before,
        has_more_after: result.has_more_after,
        truncated: result.truncated || messages.length < result.messages.length,
      };
      readCache.set(key, body);
      return body;
    },
    recordFailedCall() {
      counters.failed += 1;
    },
    get: (candidateId) => byId.get(candidateId),
    observations: () => [...byId.values()],
    callsLeft: () => Math.max(0, budgets.maxCalls - callsUsed()),
    bytesLeft: () => Math.max(0, budgets.maxObservationBytes - counters.bytes),
    stats: () => ({
      searches: counters.searches,
      reads: counters.reads,
      dedupedCalls: counters.deduped,
      refusedCalls: counters.refused,
      failedCalls: counters.failed,
      observations: byId.size,
      observationBytes: counters.bytes,
      discussions: chatsRead.size,
      chats: chatsSeen.size,
      indexStatus,
      pendingCount,
      truncated,
      budgetExhausted,
    }),
  };
}
