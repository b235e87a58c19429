/**
 * The address of one evidence target on the MCP surface (plan § Out of Scope: "clickable evidence
 * targets that open the source chat at a message"): `recollect://chats/{chat_id}/messages/{message_id}`.
 * The URI names no app: the server is locked to one app per session, and `resources/read` checks it.
 */

/** The URI template clients see in `resources/templates/list` (RFC 6570 level 1). */
export const EVIDENCE_URI_TEMPLATE = "recollect://chats/{chat_id}/messages/{message_id}";

/** A parsed evidence address: positive integer ids. */
export interface EvidenceAddress {
  readonly chatId: number;
  readonly messageId: number;
}

const EVIDENCE_URI_PATTERN =
  /^recollect:\/\/chats\/([1-9][0-9]{0,15})\/messages\/([1-9][0-9]{0,15})$/;

/** The URI of the message `messageId` in chat `chatId`. */
export function evidenceUri(address: EvidenceAddress): string {
  return `recollect://chats/${address.chatId}/messages/${address.messageId}`;
}

/**
 * Parses an evidence URI. Null for anything else (another scheme, a missing or non-positive id,
 * extra path segments, a query), so the caller answers with its one "unknown resource" error.
 */
export function parseEvidenceUri(uri: string): EvidenceAddress | null {
  const match = EVIDENCE_URI_PATTERN.exec(uri);
  if (!match) return null;
  const chatId = Number(match[1]);
  const messageId = Number(match[2]);
  if (!Number.isSafeInteger(chatId) || !Number.isSafeInteger(messageId)) return null;
  return { chatId, messageId };
}
