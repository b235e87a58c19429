/**
 * How much the report cites: the distinct messages and chats behind its findings and conflicts.
 * The summary states these counts, so they describe what the reader can check, not everything
 * the run happened to observe. Pure.
 */
import type { SubmitReportInput } from "../../agent/tools/explore-chat-history/child-protocol.js";
import type { Observation } from "./exploration-state.js";

/** Distinct cited messages and the chats they belong to (both ≥ 0). */
export interface CitedScope {
  readonly messages: number;
  readonly chats: number;
}

/**
 * Counts the distinct candidate ids cited by `findings` and `conflicts`, and the distinct chats of
 * those found in `observations` (an id the run never observed adds a message but no chat).
 */
export function citedScope(
  findings: SubmitReportInput["findings"],
  conflicts: SubmitReportInput["conflicts"],
  observations: readonly Observation[],
): CitedScope {
  const ids = new Set([...findings, ...conflicts].flatMap((item) => item.candidate_ids));
  const chats = new Set(
    observations.filter((item) => ids.has(item.candidateId)).map((item) => item.chatId),
  );
  return { messages: ids.size, chats: chats.size };
}

const plural = (count: number, word: string, many = `${word}s`) =>
  `${count} ${count === 1 ? word : many}`;

/**
 * The summary's opening sentence: "Cites 7 messages in 4 chats (13 relevant observed) after 3
 * searches and 4 reads."
 */
export function scopeSentence(
  scope: CitedScope,
  relevantObserved: number,
  searches: number,
  reads: number,
): string {
  return `Cites ${plural(scope.messages, "message")} in ${plural(scope.chats, "chat")} (${relevantObserved} relevant observed) after ${plural(searches, "search", "searches")} and ${plural(reads, "read")}.`;
}
