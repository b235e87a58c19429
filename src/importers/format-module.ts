/**
 * The contract every import format fulfils: a name, a cheap detector over a file's first bytes and
 * a parser. Each file in `formats/` exports one {@link ImportFormatModule}; `format-registry.ts`
 * lists them in detection order, so adding a format is one file and one line there.
 */
import type { DetectionHead } from "./detection-head.js";
import type { ImportedChat } from "./imported-chat.js";

/** What a text format's parser is given: the file's decoded text and where it came from. */
export interface TextFormatInput {
  readonly path: string;
  /** The whole file, decoded by `decodeText()` (BOM removed). */
  readonly text: string;
  /** The file's modification time (ms since the epoch), for formats that record no time. */
  readonly fallbackTimeMs: number;
}

/** Fields every format module has. */
interface FormatModuleBase<F extends string> {
  /** The `chats.source` value written to the store and shown in reports, e.g. `"claude-code"`. */
  readonly format: F;
  /** The tool's name as a person knows it, for help texts and errors, e.g. `"Claude Code"`. */
  readonly label: string;
  /**
   * True when the file whose head is `head` is of this format. A cheap guess: the parser validates
   * the whole file and throws `ImportFormatError` when the guess was wrong. Never throws.
   */
  readonly detect: (head: DetectionHead) => boolean;
}

/** A format read from text (JSON, JSONL, Markdown). */
export interface TextFormatModule<F extends string = string> extends FormatModuleBase<F> {
  readonly input: "text";
  /**
   * The file is a JSON Lines log the tool appends to while its session runs (Claude Code, Codex):
   * a last line cut mid-record is still being written, and an import leaves it out instead of
   * rejecting the file (`completeJsonLines`); sync reads an append from the last imported turn
   * (`sync/parse-source.ts`, `appendsLines`). Absent: a file written whole.
   */
  readonly appendOnlyLines?: true;
  /**
   * Parses one file into its chats (none when it holds no prompt or reply).
   *
   * @throws ImportFormatError naming the file (and line, where the format has lines) when the file
   *   is malformed; nothing of it is then written.
   */
  readonly parse: (input: TextFormatInput) => ImportedChat[];
}

/** A format read from a SQLite database file, opened read-only. */
export interface DatabaseFormatModule<F extends string = string> extends FormatModuleBase<F> {
  readonly input: "database";
  /**
   * Reads every chat of the database at `path` without changing it.
   *
   * @throws ImportFormatError when the database cannot be opened or is not of the expected shape.
   */
  readonly parse: (path: string) => ImportedChat[];
}

/** One import format: see {@link TextFormatModule} and {@link DatabaseFormatModule}. */
export type ImportFormatModule<F extends string = string> =
  | TextFormatModule<F>
  | DatabaseFormatModule<F>;
