/**
 * What has become of the messages a report cites, checked when the report is shown (issue 30):
 * evidence is immutable once observed, so a report keeps the excerpts it quoted, while a later
 * sync may have edited a cited message in place (`changed`), dropped it (`removed`), or the agent
 * may have deleted the chat's file (kept: the chat is now only in Recollect). The web card shows
 * these notes beside its targets (`server/citation-notes.ts`); the CLI's `explore` text and the
 * MCP report carry them as typed fields of each evidence target (`message_state`,
 * `kept_after_file_deleted`).
 */
import type { EvidenceTarget, ExploreChatHistoryReport } from "../../../card/report-schema.js";
import {
  type CitedMessage,
  type CitedMessageState,
  citedMessageState,
} from "../../../history/index.js";
import { findChat } from "../../../store/catalog/chats.js";
import type { Store } from "../../../store/open-store.js";
import { isFileGone } from "../../../sync/index.js";

/** The state of one cited message and whether its chat's file is gone. */
export interface CitedTargetNote {
  readonly state: CitedMessageState;
  /** The chat is kept after its file was deleted (never set for a removed message). */
  readonly kept: boolean;
}

/**
 * The note of each message a report of app `appId` cites, read from `store` now: one indexed
 * read per call and one `stat` per distinct chat file (cached for the returned function's life).
 * A target in another app reads as removed, as `read_chat` would answer it, so nothing of that
 * app is disclosed.
 */
export function citedTargetNotes(
  store: Store,
  appId: number,
): (target: CitedMessage) => CitedTargetNote {
  const ctx = { store, appId, currentChatId: null, currentMessageId: null };
  const gone = new Map<number, boolean>();
  const fileGone = (chatId: number) => {
    let known = gone.get(chatId);
    if (known === undefined) {
      const chat = findChat(store.db, chatId);
      known = chat !== null && chat.appId === appId && isFileGone(chat.sourceFile);
      gone.set(chatId, known);
    }
    return known;
  };
  return (target) => {
    const state = citedMessageState(ctx, target);
    return { state, kept: state !== "removed" && fileGone(target.chat_id) };
  };
}

/**
 * `report` with each evidence target's note as typed fields (`message_state` when not `same`,
 * `kept_after_file_deleted` when kept); a target already as cited is returned unchanged. Each
 * distinct target is checked once. Pure apart from `noteOf`.
 */
export function reportWithCitationNotes(
  report: ExploreChatHistoryReport,
  noteOf: (target: CitedMessage) => CitedTargetNote,
): ExploreChatHistoryReport {
  const notes = new Map<string, CitedTargetNote>();
  const noted = (target: EvidenceTarget): EvidenceTarget => {
    const key = `${target.chat_id}.${target.message_id}`;
    let note = notes.get(key);
    if (note === undefined) {
      note = noteOf(target);
      notes.set(key, note);
    }
    const { message_state: _state, kept_after_file_deleted: _kept, ...plain } = target;
    return {
      ...plain,
      ...(note.state === "same" ? {} : { message_state: note.state }),
      ...(note.kept ? { kept_after_file_deleted: true as const } : {}),
    };
  };
  return {
    ...report,
    findings: report.findings.map((finding) => ({
      ...finding,
      evidence: finding.evidence.map(noted),
    })),
    conflicts: report.conflicts.map((conflict) => ({
      ...conflict,
      evidence: conflict.evidence.map(noted),
    })),
  };
}
