/** Small pure helpers the format parsers share. */
import type { ImportedMessage } from "./imported-chat.js";

/** Longest title derived from a prompt, in chars (the `chats list` column stays readable). */
export const DERIVED_TITLE_MAX_CHARS = 80;

/**
 * A title for formats that record none: the first non-blank line of the first prompt, whitespace
 * collapsed, cut to {@link DERIVED_TITLE_MAX_CHARS} chars with an ellipsis. Null for blank text.
 */
export function titleFromPrompt(text: string | undefined): string | null {
  if (text === undefined) return null;
  const line = text
    .split(/\r?\n/)
    .map((candidate) => candidate.replace(/\s+/g, " ").trim())
    .find((candidate) => candidate.length > 0);
  if (!line) return null;
  return line.length > DERIVED_TITLE_MAX_CHARS
    ? `${line.slice(0, DERIVED_TITLE_MAX_CHARS - 1).trimEnd()}…`
    : line;
}

/** Splits text into lines, accepting `\n` and `\r\n`. */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * Parses `YYYY-MM-DD HH:MM[:SS][Z]` or ISO-8601 into ms since the epoch. A time without a zone is
 * read as UTC (the formats that omit a zone record no offset we could apply). Null when invalid.
 */
export function parseTimestampMs(text: string): number | null {
  const match =
    /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3})\d*)?)?\s*(Z|[+-]\d\d:?\d\d)?$/.exec(
      text.trim(),
    );
  if (!match) return null;
  const [, year, month, day, hour, minute, second = "0", fraction = "0", zone] = match;
  const utcMs = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.padEnd(3, "0")),
  );
  if (Number.isNaN(utcMs)) return null;
  if (!zone || zone === "Z") return utcMs;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return utcMs - sign * offsetMinutes * 60_000;
}

/**
 * Makes message times strictly increasing within a chat: a message without its own time (or with
 * an earlier one) gets the previous time + 1 ms, so order survives sorting by time and "newest
 * wins ties" in search stays deterministic. `times[i]` null means "no own time".
 */
export function monotonicTimes(startMs: number, times: readonly (number | null)[]): number[] {
  const result: number[] = [];
  let previous = startMs - 1;
  for (const own of times) {
    const next = own !== null && own > previous ? own : previous + 1;
    result.push(next);
    previous = next;
  }
  return result;
}

/** One parsed turn before it gets its stored time; `timeMs` absent or null: the format has none. */
export interface ParsedTurn {
  readonly role: ImportedMessage["role"];
  readonly content: string;
  readonly timeMs?: number | null;
}

/**
 * The stored messages of plain-text formats: each turn's text as it is, times made strictly
 * increasing from `startMs` by {@link monotonicTimes}, no host transcript and no compaction summary
 * (only Claude Code and Dyad record those).
 */
export function messagesFromTurns(
  startMs: number,
  turns: readonly ParsedTurn[],
): ImportedMessage[] {
  const times = monotonicTimes(
    startMs,
    turns.map((turn) => turn.timeMs ?? null),
  );
  return turns.map((turn, index) => ({
    role: turn.role,
    content: turn.content,
    createdAtMs: times[index]!,
    aiMessagesJson: null,
    isCompactionSummary: false,
  }));
}
