/**
 * A stored time as output writes it. The importers store only times `Date` can represent, but a
 * store filled by an older Recollect may hold any integer (`created_at` 99999999999999999), and
 * one such row must not make every list, search or read of the store throw `Invalid time value`:
 * its time is shown as unknown (null) instead.
 */

/**
 * The largest epoch-millisecond magnitude `Date` represents (ECMAScript's time range, ±100,000,000
 * days from 1970): a stored time outside -MAX_DATE_MS..MAX_DATE_MS is no date.
 */
export const MAX_DATE_MS = 8.64e15;

/**
 * `ms` (epoch milliseconds) as ISO-8601 UTC (`2026-04-07T19:39:04.000Z`; a year past 9999 in the
 * extended form `+010000-…`), or null when there is no time (`ms` null: `new Date(null)` would be
 * 1970) or `Date` cannot represent it (not finite, or beyond ±8.64e15 ms). Never throws.
 */
export function isoTimeOrNull(ms: number | null): string | null {
  if (ms === null) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** How text output writes a time that is null ({@link isoTimeOrNull}): the store holds none. */
export const UNKNOWN_TIME = "unknown time";

/** `iso` as text output writes it: itself, or {@link UNKNOWN_TIME} for null. */
export function timeText(iso: string | null): string {
  return iso ?? UNKNOWN_TIME;
}
