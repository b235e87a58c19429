/**
 * What the child sees of a search or read: the typed result turned into the child protocol's body,
 * entry by entry, each entry's UTF-8 JSON bytes spent before it is sent (an entry that does not fit
 * is withheld and the body says `truncated`), and each sent message registered as an observation
 * with its candidate ID. A read's messages that are never evidence are not sent. Part of the
 * evidence registry (`evidence-registry.ts`).
 */
import type { ReadChatResult, SearchChatsResult } from "../../../history/types.js";
import type {
  ChildReadMessage,
  ChildReadOutput,
  ChildSearchMatch,
  ChildSearchOutput,
} from "./child-protocol.js";
import type { Observations } from "./observations.js";
import type { ByteSpender } from "./run-accounting.js";

/** The child-visible body of a search answer (budget and notice are added by the adapter). */
export type SearchBody = Omit<ChildSearchOutput, "budget" | "notice">;
/** The child-visible body of a read answer. */
export type ReadBody = Omit<ChildReadOutput, "budget" | "notice">;

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}

function flags(source: { is_compaction_summary: boolean; projection_truncated: boolean }) {
  return {
    ...(source.is_compaction_summary ? { is_compaction_summary: true as const } : {}),
    ...(source.projection_truncated ? { projection_truncated: true as const } : {}),
  };
}

/**
 * A chat's `more_match_ids` when the call's bytes still hold them: a hint, spent as optional, so
 * leaving it out cuts nothing.
 */
function matchIdsThatFit(
  hit: SearchChatsResult["chats"][number],
  spend: ByteSpender,
): { more_match_ids?: readonly number[] } {
  const ids = hit.more_match_ids;
  if (ids === undefined) return {};
  const field = { more_match_ids: ids };
  // The field's bytes in its chat object: its JSON less the braces, plus a comma.
  return spend(jsonBytes(field) - 1, true) ? field : {};
}

/** The child's body for a search result, chat header by header and match by match. */
export function serializeSearch(
  result: SearchChatsResult,
  spend: ByteSpender,
  observations: Observations,
): SearchBody {
  const chats: SearchBody["chats"][number][] = [];
  let withheld = false;
  outer: for (const hit of result.chats) {
    const header = { chat_id: hit.chat_id, title: hit.chat_title, created_at: hit.chat_created_at };
    if (!spend(jsonBytes({ ...header, matches: [] }))) {
      withheld = true;
      break;
    }
    const matches: ChildSearchMatch[] = [];
    for (const match of hit.matches) {
      const preview = {
        candidate_id: observations.peekId(match.message_id),
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
      const chat = { chatId: hit.chat_id, chatTitle: hit.chat_title };
      const observation = observations.observe(chat, match, match.excerpt, "search");
      matches.push({ ...preview, candidate_id: observation.candidateId });
    }
    chats.push({ ...header, matches, ...matchIdsThatFit(hit, spend) });
  }
  return {
    index_status: result.index_status,
    pending_count: result.pending_count,
    truncated: result.truncated || withheld,
    ...(result.corrections === undefined ? {} : { corrections: result.corrections }),
    ...(result.kinds === undefined ? {} : { kinds: result.kinds }),
    chats,
  };
}

/**
 * The child's body for a read result, message by message. A message that is never evidence
 * (`ReadMessage.not_evidence`: a history-tool turn, a fixed reply Recollect wrote) is left out:
 * it gets no candidate ID, so no policy can cite it, nor score it as a reply to a cited turn.
 */
export function serializeRead(
  result: ReadChatResult,
  spend: ByteSpender,
  observations: Observations,
): ReadBody {
  const header = { chat_id: result.chat_id, title: result.chat_title };
  const messages: ChildReadMessage[] = [];
  const evidence = result.messages.filter((message) => message.not_evidence === undefined);
  if (spend(jsonBytes({ ...header, messages: [] }))) {
    for (const message of evidence) {
      const preview = {
        candidate_id: observations.peekId(message.message_id),
        message_id: message.message_id,
        role: message.role,
        created_at: message.created_at,
        content: message.content,
        ...flags(message),
      };
      if (!spend(jsonBytes(preview))) break;
      const chat = { chatId: result.chat_id, chatTitle: result.chat_title };
      const observation = observations.observe(chat, message, message.content, "read");
      messages.push({ ...preview, candidate_id: observation.candidateId });
    }
  }
  return {
    ...header,
    messages,
    has_more_before: result.has_more_before,
    has_more_after: result.has_more_after,
    truncated: result.truncated || messages.length < evidence.length,
  };
}
