/**
 * What the offline router writes under the history card (issue 12, "no duplicate answer"). The
 * card the person sees already carries the report: summary (analysis), findings, conflicts, every
 * evidence target, gaps, coverage and confidence. So the reply repeats none of it and adds only
 * what a card cannot: the question back to the person when the report cannot settle the matter.
 * When the card says it all, the reply is empty. `no_match` is never presented as proof of absence.
 */
import type { ExploreChatHistoryReport } from "../../../card/report-schema.js";

/** Asked when nothing relevant was found: the person is the only other source. */
export const ASK_FOR_CONTEXT =
  "Can you tell me roughly when it came up, or which feature it was about? Then I can look again.";
/** Asked when the report shows competing decisions: recency alone does not decide. */
export const ASK_WHICH_STANDS =
  "The earlier chats disagree: which of these decisions still stands?";
/** Asked when the report is low confidence or its action is `ask_user`. */
export const ASK_TO_CONFIRM = "Can you confirm this still holds before I rely on it?";

/**
 * The reply under the card for `report`: zero to two questions (space-separated), never a
 * restatement of the report's summary, findings or evidence. Pure.
 */
export function textUnderCard(report: ExploreChatHistoryReport): string {
  if (report.outcome === "no_match") return ASK_FOR_CONTEXT;
  const questions: string[] = [];
  if (report.conflicts.length > 0) questions.push(ASK_WHICH_STANDS);
  if (report.confidence === "low" || report.action === "ask_user") questions.push(ASK_TO_CONFIRM);
  return questions.join(" ");
}
