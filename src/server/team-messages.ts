/**
 * A chat of a team's store as the chat view shows it (`recollect serve --store postgres://…`,
 * issue 32): the evidence target an explorer card cited, opened read-only. Every window is one
 * bounded `read_chat` through the history port (≤ 21 messages, ≤ 20 KB, the projection each
 * message holds there), so the view shows exactly what the explorer could read and the member's
 * row level security decides what exists: a chat of an app not granted is not found.
 */
import { type MessageSegment, segmentMessage } from "../card/segment-message.js";
import { ChatNotFoundError } from "../errors/recollect-error.js";
import {
  type HistoryApp,
  type HistoryPort,
  MAX_READ_LIMIT,
  MAX_READ_NEIGHBOURS,
  type ReadChatInput,
} from "../history/index.js";
import { isoTimeOrNull } from "../text/iso-time.js";
import type { ChatSummary } from "./api-rows.js";
import type { CitationNote } from "./shared/api-types.js";
import { visibleSegments } from "./visible-segments.js";

/** Which window: around a message, the page before or after one, or the chat's start. */
export interface TeamWindowAt {
  readonly aroundMessageId?: number;
  readonly beforeMessageId?: number;
  readonly afterMessageId?: number;
}

/** A window of a team chat: the `GET …/messages` body (`messagesResponseSchema`). */
export interface TeamChatWindow {
  readonly chat: ChatSummary;
  readonly hasEarlier: boolean;
  readonly hasLater: boolean;
  readonly messages: readonly {
    readonly id: number;
    readonly role: "user" | "assistant";
    readonly segments: readonly MessageSegment[];
    readonly createdAt: string | null;
    readonly citations: readonly CitationNote[];
  }[];
}

/** The read of each window: ten neighbours a side around a message, a page of 20 from the start. */
function windowRead(chatId: number, at: TeamWindowAt): ReadChatInput {
  const side = MAX_READ_NEIGHBOURS;
  if (at.beforeMessageId !== undefined) {
    return { chat_id: chatId, around_message_id: at.beforeMessageId, before: side, after: 0 };
  }
  if (at.afterMessageId !== undefined) {
    return { chat_id: chatId, around_message_id: at.afterMessageId, before: 0, after: side };
  }
  if (at.aroundMessageId !== undefined) {
    return { chat_id: chatId, around_message_id: at.aroundMessageId, before: side, after: side };
  }
  return { chat_id: chatId, offset: 0, limit: MAX_READ_LIMIT };
}

/**
 * The messages response for chat `chatId` of `team` (the team store's app that local app
 * `localAppId` recalls; the chat is shown inside that local app, read-only: `origin` imported).
 * `before`/`after` pages leave their own message out, as the local pages do.
 * @throws ChatNotFoundError alike for a missing, deleted, not granted or other-app chat or
 *   message; what the port throws when the server cannot be used.
 */
export async function teamChatMessages(
  history: HistoryPort,
  team: HistoryApp,
  localAppId: number,
  chatId: number,
  at: TeamWindowAt,
): Promise<TeamChatWindow> {
  const scope = { appId: team.id, currentChatId: null, currentMessageId: null };
  const chat = await history.findChat(chatId, team.id);
  if (chat === null) throw new ChatNotFoundError(chatId);
  const read = await history.readChat(scope, windowRead(chatId, at));
  const edge = at.beforeMessageId ?? at.afterMessageId;
  const shown = read.messages.filter((message) => message.message_id !== edge);
  return {
    chat: {
      id: chat.id,
      appId: localAppId,
      title: read.chat_title,
      createdAt: isoTimeOrNull(chat.createdAtMs),
      messageCount: chat.messageCount,
      origin: "imported",
      source: chat.source,
      kept: false,
    },
    // A page before (after) a message ends (starts) at it: what lies past it is the shown window.
    hasEarlier: at.afterMessageId === undefined ? read.has_more_before : true,
    hasLater: at.beforeMessageId === undefined ? read.has_more_after : true,
    messages: shown.map((message) => ({
      id: message.message_id,
      role: message.role,
      segments: visibleSegments(segmentMessage(message.content)),
      createdAt: message.created_at,
      citations: [],
    })),
  };
}
