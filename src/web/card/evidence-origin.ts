/**
 * Where a card is shown, so its evidence targets can link to the cited message: the app (targets
 * are always in the card's own app) and the message holding the card (the way back to the answer).
 * Null outside a chat: then targets are plain text.
 */
import { createContext, useContext } from "react";

/** The app and, when stored, the message a card is shown in. */
export interface EvidenceOrigin {
  readonly appId: number;
  readonly chatId: number;
  /** Null while the answer is still streaming and has no stored id yet. */
  readonly messageId: number | null;
}

/** Provided by the message list around each message. */
export const EvidenceOriginContext = createContext<EvidenceOrigin | null>(null);

/** The origin of the card being rendered, or null. */
export function useEvidenceOrigin(): EvidenceOrigin | null {
  return useContext(EvidenceOriginContext);
}
