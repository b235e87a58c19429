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
