/**
 * The one validated reading of a chat file's times. Every stored time is integer epoch
 * milliseconds in {@link MIN_STORED_TIME_MS}..{@link MAX_STORED_TIME_MS}: a time JavaScript's
 * `Date` cannot represent would make every later read of the store fail, and a calendar date that
 * does not exist (month 13, February 30, hour 25) is refused rather than rolled over into another
 * real one, as `Date.UTC` and `Date.parse` would.
 */

/** Earliest storable time, ms: the Unix epoch (no chat history predates it). */
export const MIN_STORED_TIME_MS = 0;

/** Latest storable time, ms: 9999-12-31T23:59:59.999Z, the last instant a 4-digit year writes. */
export const MAX_STORED_TIME_MS = 253_402_300_799_999;

/** The storable range as errors say it. */
export const STORED_TIME_RANGE =
  "1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (epoch milliseconds 0 to 253402300799999)";

/** True when `ms` is integer epoch milliseconds in the storable range. */
export function isStorableTimeMs(ms: number): boolean {
  return Number.isInteger(ms) && ms >= MIN_STORED_TIME_MS && ms <= MAX_STORED_TIME_MS;
}

/** `YYYY-MM-DD HH:MM[:SS[.fraction]][Z|±HH[:]MM]`, `T` or a space between date and time. */
const TIMESTAMP =
  /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3})\d*)?)?\s*(Z|[+-]\d\d:?\d\d)?$/;

const HOURS_PER_DAY = 24;
const MINUTES_PER_HOUR = 60;
const SECONDS_PER_MINUTE = 60;
const MONTHS_PER_YEAR = 12;

/** Days in `month` (1–12) of `year`, leap years included. */
function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The zone's offset east of UTC in minutes; null for an hour over 23 or a minute over 59. */
function zoneOffsetMinutes(zone: string | undefined): number | null {
  if (!zone || zone === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours >= HOURS_PER_DAY || minutes >= MINUTES_PER_HOUR) return null;
  return sign * (hours * MINUTES_PER_HOUR + minutes);
}

/**
 * Parses `YYYY-MM-DD HH:MM[:SS[.fraction]][Z|±HH:MM]` (ISO-8601 date-times among them) into
 * epoch ms; digits past milliseconds are dropped. A time without a zone is read as UTC (the
 * formats that omit a zone record no offset we could apply). Null when the text has another
 * shape, names a date or time that does not exist (month 13, February 30, hour 24, minute or
 * second 60, a zone of hour 24), or falls outside {@link STORED_TIME_RANGE}.
 */
export function parseTimestampMs(text: string): number | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText = "0"] = match;
  const [year, month, day, hour, minute, second] = [
    yearText,
    monthText,
    dayText,
    hourText,
    minuteText,
    secondText,
  ].map(Number) as [number, number, number, number, number, number];
  const fractionMs = Number((match[7] ?? "0").padEnd(3, "0"));
  const offsetMinutes = zoneOffsetMinutes(match[8]);
  const exists =
    // Date.UTC reads years 0–99 as 1900–1999; none of them is storable anyway.
    year >= 100 &&
    month >= 1 &&
    month <= MONTHS_PER_YEAR &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour < HOURS_PER_DAY &&
    minute < MINUTES_PER_HOUR &&
    second < SECONDS_PER_MINUTE &&
    offsetMinutes !== null;
  if (!exists) return null;
  const ms =
    Date.UTC(year, month - 1, day, hour, minute, second, fractionMs) - offsetMinutes * 60_000;
  return isStorableTimeMs(ms) ? ms : null;
}

/**
 * The stored time of a number a format records as epoch milliseconds: rounded to a whole
 * millisecond (some tools write fractions), null when not finite or outside
 * {@link STORED_TIME_RANGE}.
 */
export function epochMsOrNull(ms: number): number | null {
  if (!Number.isFinite(ms)) return null;
  const whole = Math.round(ms);
  return isStorableTimeMs(whole) ? whole : null;
}
