/**
 * What the offline router writes under the history card (issue 12, "no duplicate answer"). The
 * card the person sees already carries the report: summary (analysis), findings, conflicts, every
 * evidence target, gaps, coverage and confidence. So the reply repeats none of it and adds only
 * what a card cannot: the question back to the person when the report cannot settle the matter.
 * When the card says it all, the reply is empty. `no_match` is never presented as proof of absence.
 *
 * For conflicts the question is one the person can answer yes or no: it names the newest
 * statement by its chat and date, read from the report's typed evidence fields (never from the
 * conflict's display description). Recency informs but does not decide (plan § Key States,
 * Conflict), so the router asks whether the newest statement still stands instead of declaring it.
 */
import type { EvidenceTarget, ExploreChatHistoryReport } from "../../../card/report-schema.js";

/** Asked when nothing relevant was found: the person is the only other source. */
export const ASK_FOR_CONTEXT =
  "Can you tell me roughly when it came up, or which feature it was about? Then I can look again.";
/** Asked when the report is low confidence or its action is `ask_user`. */
export const ASK_TO_CONFIRM = "Can you confirm this still holds before I rely on it?";

/** Milliseconds of `created_at`, or -Infinity when it is none or no date (then it never wins). */
function timeOf(target: EvidenceTarget): number {
  const ms = target.created_at === null ? Number.NaN : Date.parse(target.created_at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Later first: by `created_at`, then by message id (ids grow in the order messages were stored). */
function newerFirst(a: EvidenceTarget, b: EvidenceTarget): number {
  return timeOf(b) - timeOf(a) || b.message_id - a.message_id;
}

/**
 * The statements that still stand as far as the report's conflicts show: the newest evidence of
 * each conflict, minus any that another conflict holds as an older statement (a chain such as
 * sessions → Clerk → Supabase Auth leaves only the last), one per message, newest first. Empty
 * when the report has no conflicts. Pure.
 */
export function newestConflictStatements(report: ExploreChatHistoryReport): EvidenceTarget[] {
  const ordered = report.conflicts.map((conflict) => [...conflict.evidence].sort(newerFirst));
  const olderInSome = new Set(
    ordered.flatMap((evidence) => evidence.slice(1)).map((t) => t.message_id),
  );
  // Never empty when there are conflicts: the newest of all is older in none (the order is total).
  const standing = ordered
    .flatMap((evidence) => evidence.slice(0, 1))
    .filter((target) => !olderInSome.has(target.message_id));
  return [...new Map(standing.map((target) => [target.message_id, target])).values()].sort(
    newerFirst,
  );
}

/**
 * "chat 9, 2026-04-07": where and when a statement was made (the ISO date of `created_at`); only
 * "chat 9" when the time is unknown.
 */
function whereAndWhen(target: EvidenceTarget): string {
  if (target.created_at === null) return `chat ${target.chat_id}`;
  const ms = timeOf(target);
  const day = Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : target.created_at;
  return `chat ${target.chat_id}, ${day}`;
}

/**
 * The yes/no question about the conflicts' newest statements (see {@link
 * newestConflictStatements}), or "" when the report has no conflicts. Pure.
 */
export function askWhetherNewestStands(report: ExploreChatHistoryReport): string {
  const standing = newestConflictStatements(report);
  const [only] = standing;
  if (!only) return "";
  if (standing.length === 1) {
    return `The earlier chats disagree. Does the newest statement (${whereAndWhen(only)}) still stand?`;
  }
  const places = standing.map(whereAndWhen).join("; ");
  return `The earlier chats disagree on more than one point. Do the newest statements (${places}) still stand?`;
}

/**
 * The reply under the card for `report`: at most one question back, never a restatement of the
 * report's summary, findings or evidence text. Conflicts ask whether the newest statement still
 * stands (which also settles a low confidence); otherwise a low-confidence or `ask_user` report
 * asks for confirmation. Pure.
 */
export function textUnderCard(report: ExploreChatHistoryReport): string {
  if (report.outcome === "no_match") return ASK_FOR_CONTEXT;
  if (report.conflicts.length > 0) return askWhetherNewestStands(report);
  if (report.confidence === "low" || report.action === "ask_user") return ASK_TO_CONFIRM;
  return "";
}
