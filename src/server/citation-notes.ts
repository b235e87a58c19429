/**
 * What has become of the messages a stored card cites, for the chat view (issue 30): a card keeps
 * the excerpts observed when it was made (evidence is immutable), while a later sync may have
 * edited a cited message in place (`changed`), dropped it (`removed`), or kept it after the agent
 * deleted its file (`kept`: the chat is now only in Recollect). Computed on every read, never
 * stored, so the card itself never changes.
 */

import { citedTargetNotes } from "../agent/tools/explore-chat-history/cited-target-notes.js";
import type { EvidenceTarget } from "../card/report-schema.js";
import type { MessageSegment } from "../card/segment-message.js";
import { ChatNotFoundError } from "../errors/recollect-error.js";
import { citedMessageRead, citedStateInRead, type HistoryPort } from "../history/index.js";
import type { Store } from "../store/open-store.js";
import type { CitationNote } from "./shared/api-types.js";

/** Every evidence target of the explorer cards among `segments`, in order (with repeats). */
function citedTargets(segments: readonly MessageSegment[]): EvidenceTarget[] {
  return segments.flatMap((segment) => {
    if (segment.kind !== "card" || segment.card.kind !== "explore") return [];
    const card = segment.card.card;
    if (!("report" in card)) return [];
    return [
      ...card.report.findings.flatMap((finding) => finding.evidence),
      ...card.report.conflicts.flatMap((conflict) => conflict.evidence),
    ];
  });
}

/**
 * The notes of the targets `segments` cite in app `appId`, one per cited message that is not
 * plainly as cited (changed, removed or kept); none for the rest. A target in another app reads
 * as removed, as `read_chat` would answer it, so nothing of that app is disclosed. One read per
 * distinct target and one `stat` per distinct chat file (`citedTargetNotes`).
 */
export function citationNotes(
  store: Store,
  appId: number,
  segments: readonly MessageSegment[],
): CitationNote[] {
  const noteOf = citedTargetNotes(store, appId);
  const notes = new Map<string, CitationNote>();
  for (const target of citedTargets(segments)) {
    const key = `${target.chat_id}.${target.message_id}`;
    if (notes.has(key)) continue;
    const { state, kept } = noteOf(target);
    notes.set(key, { chatId: target.chat_id, messageId: target.message_id, state, kept });
  }
  return [...notes.values()].filter((note) => note.state !== "same" || note.kept);
}

/**
 * {@link citationNotes} for cards whose targets are in a team's store (`serve --store …`, issue
 * 32): each distinct target read once through `history` in the app `teamAppId()` resolves to
 * (`changed` or `removed` as locally; never `kept`, a team store holds no files). `teamAppId` is
 * called only when a card cites something; null (no such app there) gives no notes.
 * @throws what `teamAppId` throws, and what `HistoryPort.readChat` throws other than not-found
 *   (the server cannot be used).
 */
export async function teamCitationNotes(
  history: HistoryPort,
  teamAppId: () => Promise<number | null>,
  segments: readonly MessageSegment[],
): Promise<CitationNote[]> {
  const targets = citedTargets(segments);
  const appId = targets.length === 0 ? null : await teamAppId();
  if (appId === null) return [];
  const scope = { appId, currentChatId: null, currentMessageId: null };
  const notes = new Map<string, CitationNote>();
  for (const target of targets) {
    const key = `${target.chat_id}.${target.message_id}`;
    if (notes.has(key)) continue;
    let state: CitationNote["state"];
    try {
      state = citedStateInRead(await history.readChat(scope, citedMessageRead(target)), target);
    } catch (error) {
      if (!(error instanceof ChatNotFoundError)) throw error;
      state = "removed";
    }
    notes.set(key, { chatId: target.chat_id, messageId: target.message_id, state, kept: false });
  }
  return [...notes.values()].filter((note) => note.state !== "same");
}
