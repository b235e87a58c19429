/**
 * The explorer's report as `structuredContent` (issue 29 § Build 1): every string with its control
 * and bidirectional characters written as `\u{HEX}` (`layoutSafeText`: newline and tab kept, JSON
 * carries them), as the report's text already is, so a U+202E override in an archived title or
 * excerpt cannot reorder what a client prints from the data; chat titles are kept to one line
 * (`lineSafeText`). Escaping lengthens a string; the
 * bounded ones (excerpts, ≤ 220 characters; spelling words, ≤ 64) are cut to their bound again,
 * ending in `…` and never inside an escape, so the result still matches the `outputSchema`
 * clients validate it against.
 */
import {
  type ExploreChatHistoryReport,
  exploreChatHistoryReportSchema,
  MAX_EVIDENCE_EXCERPT_CHARS,
} from "../card/report-schema.js";
import { layoutSafeText, lineSafeText } from "../errors/quoted-value.js";

/** Longest spelling-correction word, characters (the report schema's bound). */
const MAX_SPELLING_WORD_CHARS = 64;

/**
 * `text` escaped and, when longer than `max` UTF-16 units, cut to `max - 1` plus `…`: never in the
 * middle of a `\u{…}` escape or a surrogate pair.
 */
export function escapedWithin(text: string, max: number): string {
  const escaped = layoutSafeText(text);
  if (escaped.length <= max) return escaped;
  let cut = escaped.slice(0, max - 1);
  const open = cut.lastIndexOf("\\u{");
  if (open !== -1 && !cut.slice(open).includes("}")) cut = cut.slice(0, open);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Every string of `value` escaped (see the module doc); other values as they are. */
function escapedDeep(value: unknown): unknown {
  if (typeof value === "string") return layoutSafeText(value);
  if (Array.isArray(value)) return value.map(escapedDeep);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, escapedDeep(item)]));
  }
  return value;
}

/**
 * `report` for `structuredContent`, escaped and within the report schema's bounds.
 * @throws ZodError if `report` itself does not satisfy the schema (a host bug, never sent).
 */
export function escapedReport(report: ExploreChatHistoryReport): ExploreChatHistoryReport {
  const checked = exploreChatHistoryReportSchema.parse(report);
  const withTargets = <
    Group extends { evidence: ExploreChatHistoryReport["findings"][number]["evidence"] },
  >(
    group: Group,
  ): Group => ({
    ...group,
    evidence: group.evidence.map((target) => ({
      ...target,
      // A title is one line by nature: a newline in it is escaped too.
      chat_title: target.chat_title === null ? null : lineSafeText(target.chat_title),
      excerpt: escapedWithin(target.excerpt, MAX_EVIDENCE_EXCERPT_CHARS),
    })),
  });
  const escaped = escapedDeep({
    ...checked,
    findings: checked.findings.map(withTargets),
    conflicts: checked.conflicts.map(withTargets),
    ...(checked.spelling_corrections
      ? {
          spelling_corrections: checked.spelling_corrections.map(({ from, to }) => ({
            from: escapedWithin(from, MAX_SPELLING_WORD_CHARS),
            to: escapedWithin(to, MAX_SPELLING_WORD_CHARS),
          })),
        }
      : {}),
  });
  return exploreChatHistoryReportSchema.parse(escaped);
}
