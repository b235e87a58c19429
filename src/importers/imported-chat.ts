/**
 * The intermediate shape every format parser produces and `writeChats()` consumes. Parsers are
 * pure: they turn one file's text (or one Dyad database) into {@link ImportedChat}s without
 * touching the store, so each format can be tested on its own and one file is written in one
 * transaction.
 */
import type { MessageRole } from "../store/catalog/messages.js";
import type { ImportFormat } from "./format-registry.js";

/** One stored turn. `content` is the raw text as the tool wrote it (projection cleans it later). */
export interface ImportedMessage {
  readonly role: MessageRole;
  readonly content: string;
  /** Milliseconds since the Unix epoch (UTC). */
  readonly createdAtMs: number;
  /** Host transcript JSON kept verbatim (Dyad only); never read by projection or search. */
  readonly aiMessagesJson: string | null;
  readonly isCompactionSummary: boolean;
}

/**
 * Where a parser found an app name inside the file. `record`: the file names its app outright
 * (a Dyad `apps` row, a generic-JSONL `app` field) and that beats every fallback; `cwd`: a working
 * directory recorded by the tool (Claude Code, Codex, Cline), used when the file name says nothing.
 */
export interface AppHint {
  readonly name: string;
  readonly path: string | null;
  readonly origin: "record" | "cwd";
}

/** One conversation read from a file, before its app is resolved. */
export interface ImportedChat {
  readonly source: ImportFormat;
  /** Stable id within `source`; `(source, externalId)` makes re-import idempotent. */
  readonly externalId: string;
  readonly title: string | null;
  /**
   * True when `title` is not the file's own but made from the first prompt (`titleFromPrompt`)
   * for a chat the file gives none: a chat keyed store-wide (generic JSONL) then keeps the title
   * it has stored, as for a file giving no title. Absent: the title is the file's (or null).
   */
  readonly titleFromPrompt?: boolean;
  /** Session start, milliseconds since the Unix epoch (UTC). */
  readonly createdAtMs: number;
  readonly appHint: AppHint | null;
  readonly messages: readonly ImportedMessage[];
}
