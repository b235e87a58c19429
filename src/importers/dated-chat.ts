/**
 * Hand-written histories (the built-in demo, test seeds) spell a chat as `[role, text, ISO time]`
 * turns; this turns one into importer output so it goes through the production write path.
 */

import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import type { ImportFormat } from "./format-registry.js";
import type { ImportedChat } from "./imported-chat.js";
import { parseTimestampMs, STORED_TIME_RANGE } from "./timestamps.js";

/** One hand-written turn: role, text, and its time as an ISO-8601 string. */
export type DatedTurn = readonly ["user" | "assistant", string, string];

/** Input of {@link importedChatFromDatedTurns}. */
export interface DatedChat {
  readonly source: ImportFormat;
  /** Stable id within `source`; keeps re-seeding idempotent. */
  readonly externalId: string;
  readonly title: string;
  readonly turns: readonly DatedTurn[];
}

/** `at` in ms by the importers' one validated parser. @throws InvalidInputError (`time`). */
function timeMs(at: string): number {
  const ms = parseTimestampMs(at);
  if (ms === null) {
    throw new InvalidInputError(
      "time",
      `an ISO-8601 date-time from ${STORED_TIME_RANGE}`,
      `got ${quotedValue(at)}`,
    );
  }
  return ms;
}

/**
 * The chat as importer output (pure): each turn keeps its own time (ms since the epoch, parsed
 * from the ISO string by the importers' `parseTimestampMs`), the chat starts at its first turn
 * (2026-01-01T00:00:00Z when it has none), and there is no app hint, host transcript or
 * compaction summary.
 *
 * @throws InvalidInputError (`time`) on a time that is malformed, names no real date or is out of
 *   the storable range: a hand-written history with a typo fails where it is seeded.
 */
export function importedChatFromDatedTurns(chat: DatedChat): ImportedChat {
  return {
    source: chat.source,
    externalId: chat.externalId,
    title: chat.title,
    createdAtMs: timeMs(chat.turns[0]?.[2] ?? "2026-01-01T00:00:00Z"),
    appHint: null,
    messages: chat.turns.map(([role, content, at]) => ({
      role,
      content,
      createdAtMs: timeMs(at),
      aiMessagesJson: null,
      isCompactionSummary: false,
    })),
  };
}
