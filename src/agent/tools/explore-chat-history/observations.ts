/**
 * The run's observations (plan § Evidence Registry): each observed message gets one opaque
 * candidate ID (`c1`, `c2`, … in observation order) for the run. A record is immutable; a later,
 * fuller view of the same message (its read content after a 300-char search excerpt) replaces it
 * under the same ID, so the excerpt a report shows is cut from what the child read and quoted.
 * Part of the evidence registry (`evidence-registry.ts`).
 */
import type { MessageRole } from "../../../history/types.js";

/** One observed message, immutable. `text` is what the child saw (search excerpt or read content). */
export interface Observation {
  readonly candidateId: string;
  readonly chatId: number;
  readonly chatTitle: string | null;
  readonly messageId: number;
  readonly role: MessageRole;
  /** ISO-8601 UTC; null when the stored time is no date (`isoTimeOrNull`). */
  readonly createdAt: string | null;
  readonly text: string;
  readonly isCompactionSummary: boolean;
  readonly projectionTruncated: boolean;
  /** How it was first observed; search hits matched the query, read messages are context. */
  readonly via: "search" | "read";
}

/**
 * Whether `text` seen via `via` is a fuller view of a message than `seen`: longer, or as long
 * and read rather than a search excerpt. The host's registry and the offline policy's run state
 * both keep the fullest view, so a claim's quote and its excerpt come from the same text.
 */
export function isFullerView(
  seen: { readonly text: string; readonly via: Observation["via"] },
  text: string,
  via: Observation["via"],
): boolean {
  const fullness = (length: number, how: Observation["via"]) =>
    2 * length + (how === "read" ? 1 : 0);
  return fullness(text.length, via) > fullness(seen.text.length, seen.via);
}

/** What a search match or a read message says about the message it shows (absent flag = false). */
export interface ObservedMessage {
  readonly message_id: number;
  readonly role: MessageRole;
  readonly created_at: string | null;
  readonly is_compaction_summary?: boolean;
  readonly projection_truncated?: boolean;
}

/** The observation record of `message` under `candidateId` (frozen). */
export function observationOf(
  candidateId: string,
  chat: { readonly chatId: number; readonly chatTitle: string | null },
  message: ObservedMessage,
  text: string,
  via: Observation["via"],
): Observation {
  return Object.freeze({
    candidateId,
    chatId: chat.chatId,
    chatTitle: chat.chatTitle,
    messageId: message.message_id,
    role: message.role,
    createdAt: message.created_at,
    text,
    isCompactionSummary: message.is_compaction_summary === true,
    projectionTruncated: message.projection_truncated === true,
    via,
  });
}

/** The observations of one run; create with {@link createObservations}. */
export interface Observations {
  /** The candidate ID `messageId` has, or the one it would get if observed next. */
  peekId(messageId: number): string;
  /**
   * Registers the message. A repeat keeps its candidate ID and first `via`; its text becomes the
   * fuller of the two views ({@link isFullerView}). Returns the message's record.
   */
  observe(
    chat: { readonly chatId: number; readonly chatTitle: string | null },
    message: ObservedMessage,
    text: string,
    via: Observation["via"],
  ): Observation;
  get(candidateId: string): Observation | undefined;
  /** Every observation, in registration order. */
  all(): readonly Observation[];
  /** Distinct chats with at least one observation. */
  chatCount(): number;
}

/** An empty set of observations for one run. */
export function createObservations(): Observations {
  const byId = new Map<string, Observation>();
  const byMessage = new Map<number, Observation>();
  const chats = new Set<number>();
  return {
    peekId: (messageId) => byMessage.get(messageId)?.candidateId ?? `c${byId.size + 1}`,
    observe(chat, message, text, via) {
      const existing = byMessage.get(message.message_id);
      if (existing && !isFullerView(existing, text, via)) return existing;
      const observation = existing
        ? Object.freeze({ ...existing, text })
        : observationOf(`c${byId.size + 1}`, chat, message, text, via);
      byId.set(observation.candidateId, observation);
      byMessage.set(observation.messageId, observation);
      chats.add(chat.chatId);
      return observation;
    },
    get: (candidateId) => byId.get(candidateId),
    all: () => [...byId.values()],
    chatCount: () => chats.size,
  };
}
