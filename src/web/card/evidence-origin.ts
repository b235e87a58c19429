/**
 * Where a card is shown, so its evidence targets can link to the cited message: the app (targets
 * are always in the card's own app) and the message holding the card (the way back to the answer).
 * Null outside a chat: then targets are plain text.
 */
import { createContext, useContext } from "react";
import type { CitationNote } from "../../server/shared/api-types.js";

/** The app and, when stored, the message a card is shown in. */
export interface EvidenceOrigin {
  readonly appId: number;
  readonly chatId: number;
  /** Null while the answer is still streaming and has no stored id yet. */
  readonly messageId: number | null;
  /** What became of cited messages since the card was made (changed, removed, kept); may be empty. */
  readonly citations: readonly CitationNote[];
  /** True when the card's targets are a team store's chats (`serve --store postgres://…`). */
  readonly team?: boolean;
}

/** Provided by the message list around each message. */
export const EvidenceOriginContext = createContext<EvidenceOrigin | null>(null);

/** The note on message `messageId` of chat `chatId` in `origin`, or undefined when it is as cited. */
export function citationNote(
  origin: EvidenceOrigin | null,
  chatId: number,
  messageId: number,
): CitationNote | undefined {
  return origin?.citations.find((note) => note.chatId === chatId && note.messageId === messageId);
}

/** The origin of the card being rendered, or null. */
export function useEvidenceOrigin(): EvidenceOrigin | null {
  return useContext(EvidenceOriginContext);
}
