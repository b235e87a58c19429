/**
 * How the offline router marks the text it writes as a fixed reply (its acknowledgement "Noted.",
 * the help, the greeting, the notices; see `offline-router/route-turn.ts`): provider metadata on
 * every text part, `{ recollect: { fixedReply: true } }`, which the AI SDK carries through
 * `streamText`'s `fullStream` untouched. `runPrimaryTurn` reads it back as a typed flag
 * (`TurnFinishEvent.fixedReply`), so no one compares reply text with the router's sentences. Its
 * notice to a recall question it could not explore carries `recallNotice: true` besides
 * (`TurnFinishEvent.recallNotice`): the question it answers is then no evidence either.
 */
import type { SharedV3ProviderMetadata } from "@ai-sdk/provider";

/** The provider-metadata namespace of Recollect's own marks. */
const NAMESPACE = "recollect";

/** The metadata the router puts on each text part it writes. */
export const FIXED_REPLY_METADATA: SharedV3ProviderMetadata = {
  [NAMESPACE]: { fixedReply: true },
};

/** The metadata on each text part of the router's notice to a recall question it cannot explore. */
export const RECALL_NOTICE_METADATA: SharedV3ProviderMetadata = {
  [NAMESPACE]: { fixedReply: true, recallNotice: true },
};

/** True when a text part's provider metadata carries {@link FIXED_REPLY_METADATA}'s mark. */
export function isFixedReplyPart(metadata: SharedV3ProviderMetadata | undefined): boolean {
  return metadata?.[NAMESPACE]?.fixedReply === true;
}

/** True when a text part's provider metadata carries {@link RECALL_NOTICE_METADATA}'s mark. */
export function isRecallNoticePart(metadata: SharedV3ProviderMetadata | undefined): boolean {
  return isFixedReplyPart(metadata) && metadata?.[NAMESPACE]?.recallNotice === true;
}
