/**
 * What the offline router writes under the history card (issue 12, "no duplicate answer"). The
 * card the person sees already carries the report: summary (analysis), findings, conflicts, every
 * evidence target, gaps, coverage and confidence. So the reply repeats none of it and adds only
 * what a card cannot: the question back to the person when the report cannot settle the matter.
 * When the card says it all, the reply is empty. `no_match` is never presented as proof of absence.
 *
 * For conflicts the question is one the person can answer yes or no: it names the newest
 * statement by its chat's title and date as a link to the message (`card/citation-link.ts`), read from the report's typed evidence fields (never from the
 * conflict's display description). Recency informs but does not decide (plan § Key States,
 * Conflict), so the router asks whether the newest statement still stands instead of declaring it.
 */
import { citationLink } from "../../../card/citation-link.js";
import type { EvidenceTarget, ExploreChatHistoryReport } from "../../../card/report-schema.js";
import type { ReplyLocale } from "../../../contracts/reply-locale.js";
import { FIXED_REPLIES } from "./fixed-replies.js";

/** Asked when nothing relevant was found: the person is the only other source (English). */
export const ASK_FOR_CONTEXT = FIXED_REPLIES.en.askForContext;
/** Asked when the report is low confidence or its action is `ask_user` (English). */
export const ASK_TO_CONFIRM = FIXED_REPLIES.en.askToConfirm;

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
 * Where and when a statement was made, as a link to it: `[“Auth approach”, 2026-04-07](recollect:chat/9/message/40)`
 * (the ISO date of `created_at`, left out when unknown; the title read from the report's typed
 * fields, "untitled chat" in `locale` without one).
 */
export function citedStatement(target: EvidenceTarget, locale: ReplyLocale = "en"): string {
  const replies = FIXED_REPLIES[locale];
  const ms = timeOf(target);
  const day = Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : target.created_at;
  return citationLink(replies.citation(target.chat_title ?? replies.untitled, day), {
    chatId: target.chat_id,
    messageId: target.message_id,
  });
}

/**
 * The yes/no question about the conflicts' newest statements (see {@link
 * newestConflictStatements}) in `locale`, or "" when the report has no conflicts. Pure.
 */
export function askWhetherNewestStands(
  report: ExploreChatHistoryReport,
  locale: ReplyLocale = "en",
): string {
  const standing = newestConflictStatements(report);
  const [only] = standing;
  if (!only) return "";
  const replies = FIXED_REPLIES[locale];
  if (standing.length === 1) return replies.conflictOne(citedStatement(only, locale));
  return replies.conflictMany(
    standing.map((target) => citedStatement(target, locale)).join(replies.listSeparator),
  );
}

/**
 * The reply under the card for `report`: at most one question back, never a restatement of the
 * report's summary, findings or evidence text. Conflicts ask whether the newest statement still
 * stands (which also settles a low confidence); otherwise a low-confidence or `ask_user` report
 * asks for confirmation. In `locale` (default `en`). Pure.
 */
export function textUnderCard(
  report: ExploreChatHistoryReport,
  locale: ReplyLocale = "en",
): string {
  const replies = FIXED_REPLIES[locale];
  if (report.outcome === "no_match") return replies.askForContext;
  if (report.conflicts.length > 0) return askWhetherNewestStands(report, locale);
  if (report.confidence === "low" || report.action === "ask_user") return replies.askToConfirm;
  return "";
}
