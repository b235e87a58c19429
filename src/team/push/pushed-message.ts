/**
 * The form a message leaves the machine in (issue 32): its projection only — what the local index
 * and a local read hold — never its stored content. `<private>` spans, thinking, code and tool
 * payloads are gone and credentials redacted before any of it is built (`projectMessage`,
 * `readView`, `cleanTitle`).
 */
import { createHash } from "node:crypto";
import { buildIndexRow, readView } from "../../history/index.js";
import { historyToolReply } from "../../history/projection/reply-content.js";
import type { NotEvidenceKind } from "../../history/types.js";
import { indexedTerms } from "../index-terms.js";
import type { LocalChat, LocalMessage } from "./local-chats.js";

/** One message as the team store holds it. */
export interface PushedMessage {
  readonly originMessageId: number;
  readonly role: "user" | "assistant";
  readonly createdAt: number;
  readonly isCompactionSummary: boolean;
  /** The projection search shows excerpts of; "" for a message that is never evidence. */
  readonly searchText: string;
  readonly searchTruncated: boolean;
  /** What a read shows (`readView`), before the read's own 2,400-char cut. */
  readonly readText: string;
  readonly readTruncated: boolean;
  readonly notEvidence: NotEvidenceKind | null;
  /** The `tsvector` literal of `index-terms.ts`. */
  readonly terms: string;
  readonly docLength: number;
  /** sha1 of everything above and the server app: a changed digest replaces the server row. */
  readonly digest: string;
}

/** Builds the pushed form of `message` of `chat`, bound for server app `serverAppId`. Pure. */
export function pushedMessage(
  chat: LocalChat,
  message: LocalMessage,
  serverAppId: number,
): PushedMessage {
  const input = {
    source: chat.source,
    role: message.role,
    content: message.content,
    answeredByHistoryTool: historyToolReply(message),
    recollectReply: message.is_recollect_reply === 1,
  };
  const row = buildIndexRow({
    messageId: message.id,
    appId: 0,
    chatId: 0,
    chatTitle: chat.title,
    chatSource: chat.source,
    role: message.role,
    content: message.content,
    isCompactionSummary: message.is_compaction_summary === 1,
    answeredByHistoryTool: input.answeredByHistoryTool,
    recollectReply: input.recollectReply,
    createdAt: message.created_at,
  });
  const read = readView(input);
  const terms = indexedTerms({ title: row.title, body: row.body, cjk: row.cjk });
  const searchText = read.notEvidence === null ? read.text : "";
  const fields = {
    originMessageId: message.id,
    role: message.role,
    createdAt: message.created_at,
    isCompactionSummary: message.is_compaction_summary === 1,
    searchText,
    searchTruncated: row.projection_truncated === 1,
    readText: read.text,
    readTruncated: read.truncated,
    notEvidence: read.notEvidence,
    terms: terms.tsvector,
    docLength: terms.docLength,
  };
  const digest = createHash("sha1")
    .update(JSON.stringify([serverAppId, fields]))
    .digest("hex");
  return { ...fields, digest };
}
