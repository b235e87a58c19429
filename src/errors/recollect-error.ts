/**
 * The one error family Recollect throws on purpose.
 *
 * Every error carries a `kind` from {@link RecollectErrorKind}; only the CLI's `main` and the
 * server's `onError` turn a kind into an exit code or an HTTP status. Messages never contain
 * archival text or another app's identifiers (DESIGN.md § Privacy).
 */

import { quotedValue } from "./quoted-value.js";
import type { Remedy } from "./remedy.js";

/**
 * Every error kind, once: the source the type, the event and telemetry schemas and the web card's
 * kind check all read, so adding a kind here reaches each of them.
 */
export const RECOLLECT_ERROR_KINDS = [
  "precondition",
  "not_found",
  "invalid_input",
  "user_cancelled",
  "budget_exhausted",
  "provider",
  "rate_limited",
  "aborted",
  "import_format",
  "store_busy",
  "internal",
] as const;

/** `recollect apps`: what to run when an app name is missing or unknown. */
export const LIST_APPS: Remedy = { args: ["apps"], purpose: "to list the apps" };

/** The two ways to put chats into a store: what `apps` itself suggests on an empty store. */
export const FILL_STORE: readonly Remedy[] = [
  { args: ["import", "<paths…>"], purpose: "to import chat files" },
  { args: ["sync"], purpose: "to import the agents' histories found on this machine" },
];

/** The classes of failure a caller can act on. */
export type RecollectErrorKind = (typeof RECOLLECT_ERROR_KINDS)[number];

const MARKER = Symbol.for("recollect.error");

/**
 * Base class. `isInstance` survives duplicate copies of the package (it checks a
 * `Symbol.for` marker rather than the prototype chain).
 */
export class RecollectError extends Error {
  readonly [MARKER] = true;
  readonly kind: RecollectErrorKind;
  /**
   * Commands that get past this failure, typed: the surface that shows the error writes them
   * after the message (`messageWithRemedies`) in the words that run Recollect there. Never
   * written into `message`, which stays the same wherever it is read.
   */
  readonly remedies: readonly Remedy[];

  constructor(
    kind: RecollectErrorKind,
    message: string,
    options?: { cause?: unknown; remedies?: readonly Remedy[] },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "RecollectError";
    this.kind = kind;
    this.remedies = options?.remedies ?? [];
  }

  /** True for any Recollect error, whichever copy of this module created it. */
  static isInstance(value: unknown): value is RecollectError {
    return typeof value === "object" && value !== null && MARKER in value;
  }
}

/**
 * A prerequisite is missing: Pro entitlement, Engine configuration, a model id. `missing` names
 * what (e.g. `"pro"`, `"RECOLLECT_ENGINE_BASE_URL"`); never falls back to another provider (plan § Tool Exposure).
 */
export class PreconditionError extends RecollectError {
  readonly missing: string;
  constructor(missing: string, message: string, remedies?: readonly Remedy[]) {
    super("precondition", message, remedies === undefined ? undefined : { remedies });
    this.name = "PreconditionError";
    this.missing = missing;
  }
}

/**
 * A configuration value that cannot be used: an environment variable (`RECOLLECT_ENGINE`,
 * `RECOLLECT_ENGINE_BASE_URL`, `RECOLLECT_BUSY_TIMEOUT_MS`, …), a value in a settings file, or a
 * library config field. Kind
 * `precondition` (exit 4, as for missing Engine configuration), not `invalid_input`: no argument
 * of the command can fix it. `setting` names it exactly as it was given, `allowed` says what is
 * accepted, e.g. `new InvalidConfigurationError("RECOLLECT_BUSY_TIMEOUT_MS", "an integer from 0
 * to 600000", 'got "abc"')`. `remedies` are the commands that fix the value, when one can.
 */
export class InvalidConfigurationError extends RecollectError {
  readonly setting: string;
  readonly allowed: string;
  constructor(setting: string, allowed: string, detail?: string, remedies?: readonly Remedy[]) {
    super(
      "precondition",
      `Invalid ${setting}: expected ${allowed}${detail ? ` (${detail})` : ""}.`,
      remedies === undefined ? undefined : { remedies },
    );
    this.name = "InvalidConfigurationError";
    this.setting = setting;
    this.allowed = allowed;
  }
}

/**
 * A bad argument. `argument` names it and `allowed` says what is accepted, e.g.
 * `new InvalidInputError("limit", "an integer from 1 to 20", "got 50")`.
 */
export class InvalidInputError extends RecollectError {
  readonly argument: string;
  readonly allowed: string;
  // Private, so `--json` shows it only inside the message, as before.
  readonly #detail: string | undefined;
  constructor(argument: string, allowed: string, detail?: string, remedies?: readonly Remedy[]) {
    super(
      "invalid_input",
      `Invalid ${argument}: expected ${allowed}${detail ? ` (${detail})` : ""}.`,
      remedies === undefined ? undefined : { remedies },
    );
    this.name = "InvalidInputError";
    this.argument = argument;
    this.allowed = allowed;
    this.#detail = detail;
  }

  /** What was wrong with the value (e.g. `got "abc"`), if said. */
  get detail(): string | undefined {
    return this.#detail;
  }

  /**
   * The same refusal under another name (a library field re-raised as the flag the person typed),
   * with `detail` (default: this one's). Subclasses keep their own fields.
   */
  withArgument(argument: string, detail: string | undefined = this.#detail): InvalidInputError {
    return new InvalidInputError(argument, this.allowed, detail);
  }
}

/**
 * How a refusal of over-long text states what arrived: `got 501 characters; the limit is 500`
 * (`length` and `limit` in characters: Unicode code points, `text/character-count.ts`). The one wording, for {@link TextTooLongError}
 * and the MCP server's tool arguments alike.
 */
export function textTooLongDetail(length: number, limit: number): string {
  return `got ${length} characters; the limit is ${limit}`;
}

/**
 * Text longer than its bound (a question, a search query): `length` is what was given and `limit`
 * the most allowed, both in characters (Unicode code points), and both stated in the message
 * (`… (got 501 characters; the limit is 500).`).
 */
export class TextTooLongError extends InvalidInputError {
  readonly length: number;
  readonly limit: number;
  constructor(argument: string, allowed: string, length: number, limit: number) {
    super(argument, allowed, textTooLongDetail(length, limit));
    this.name = "TextTooLongError";
    this.length = length;
    this.limit = limit;
  }

  /** Keeps the length and the limit: they, not the typed text, say what is wrong. */
  override withArgument(argument: string): InvalidInputError {
    return new TextTooLongError(argument, this.allowed, this.length, this.limit);
  }
}

/**
 * A chat or message the caller may not see. Missing, other-app and out-of-window targets all
 * produce this same error with the same message, so nothing reveals another app's data
 * (DESIGN.md § Retrieval primitives). The fields hold only what the caller asked for.
 */
export class ChatNotFoundError extends RecollectError {
  readonly chatId: number;
  /** The message the read was centred on, when the request named one. */
  readonly messageId: number | undefined;
  /** The app the person named (`--app`), when the message names it; else "this app". */
  readonly appName: string | undefined;
  /**
   * The message depends only on what was asked (chat, message when one was named, and the app the
   * caller asked in when given), never on which of them is missing or where it lives.
   */
  constructor(chatId: number, messageId?: number, appName?: string) {
    const where = appName === undefined ? "this app" : `app ${JSON.stringify(appName)}`;
    super(
      "not_found",
      messageId === undefined
        ? `Chat ${chatId} was not found in ${where}.`
        : `Message ${messageId} of chat ${chatId} was not found in ${where}.`,
    );
    this.name = "ChatNotFoundError";
    this.chatId = chatId;
    this.messageId = messageId;
    this.appName = appName;
  }

  /**
   * The same error naming `appName`, the app the person asked in (`recollect read --app …`): it
   * is their own word, so it reveals nothing of another app.
   */
  inApp(appName: string): ChatNotFoundError {
    return new ChatNotFoundError(this.chatId, this.messageId, appName);
  }
}

/**
 * A named app does not exist in the store. Suggests listing the apps ({@link LIST_APPS}) when the
 * store holds some (`storeHasApps`), else filling it ({@link FILL_STORE}), as `apps` does there:
 * listing an empty store shows nothing to pick. `suggestions` are the stored names closest to what
 * was typed (at most 3, closest first; `store/catalog/app-lookup.ts`), taken from the same store,
 * so they reveal nothing `recollect apps` would not list; the message asks "Did you mean …?".
 * `argument` names the argument that named the app when it is not `--app` (e.g. `<old>` of
 * `apps rename`); undefined otherwise. `remedies` replaces those two where another store is meant
 * (a team store's `apps --store URL`, `team/team-history-port.ts`).
 */
export class AppNotFoundError extends RecollectError {
  readonly appName: string;
  /** False when the store holds no app at all (a new or emptied store). */
  readonly storeHasApps: boolean;
  /** Stored app names close to `appName`, closest first; empty when none is close. */
  readonly suggestions: readonly string[];
  readonly argument: string | undefined;
  constructor(
    appName: string,
    storeHasApps: boolean,
    suggestions: readonly string[] = [],
    argument?: string,
    remedies?: readonly Remedy[],
  ) {
    const didYouMean =
      suggestions.length === 0
        ? ""
        : ` Did you mean ${suggestions.map((name) => quotedValue(name)).join(" or ")}?`;
    super(
      "not_found",
      storeHasApps
        ? `App ${quotedValue(appName)} was not found.${didYouMean}`
        : `App ${quotedValue(appName)} was not found: this store holds no apps yet.`,
      { remedies: remedies ?? (storeHasApps ? [LIST_APPS] : FILL_STORE) },
    );
    this.name = "AppNotFoundError";
    this.appName = appName;
    this.storeHasApps = storeHasApps;
    this.suggestions = suggestions;
    this.argument = argument;
  }
}

/**
 * `--app` (or `argument`, e.g. `<old>` of `apps rename`) names no app exactly but matches several
 * once case, accents and spacing are ignored (`tasktide` for apps "Tasktide" and "TaskTide"):
 * refused rather than picking one. `candidates` are those stored names, sorted; each, typed as
 * listed, selects its app. `remedies` (default: list the apps) names another store's listing.
 */
export class AmbiguousAppNameError extends InvalidInputError {
  readonly appName: string;
  readonly candidates: readonly string[];
  constructor(
    appName: string,
    candidates: readonly string[],
    argument = "--app",
    remedies: readonly Remedy[] = [LIST_APPS],
  ) {
    super(
      argument,
      `one of ${candidates.map((name) => quotedValue(name)).join(", ")}, exactly as written`,
      `${quotedValue(appName)} matches ${candidates.length} apps that differ only in case, accents or spacing`,
      remedies,
    );
    this.name = "AmbiguousAppNameError";
    this.appName = appName;
    this.candidates = candidates;
  }
}

/** The person declined a consent prompt, or consent is `never`. */
export class UserCancelledError extends RecollectError {
  readonly toolName: string;
  constructor(
    toolName: string,
    message = `The user declined ${toolName}.`,
    remedies?: readonly Remedy[],
  ) {
    super("user_cancelled", message, remedies === undefined ? undefined : { remedies });
    this.name = "UserCancelledError";
    this.toolName = toolName;
  }
}

/** The run's abort signal fired. */
export class AbortedError extends RecollectError {
  constructor(message = "The operation was cancelled.") {
    super("aborted", message);
    this.name = "AbortedError";
  }
}

/** The model endpoint failed (network, HTTP status, stream `error` part). `cause` keeps the original. */
export class ProviderError extends RecollectError {
  readonly statusCode: number | undefined;
  constructor(message: string, options?: { cause?: unknown; statusCode?: number }) {
    super(options?.statusCode === 429 ? "rate_limited" : "provider", message, options);
    this.name = "ProviderError";
    this.statusCode = options?.statusCode;
  }
}

/** A run budget (steps, calls, bytes) was exhausted before anything usable was observed. */
export class BudgetExhaustedError extends RecollectError {
  readonly budget: string;
  constructor(budget: string, message: string) {
    super("budget_exhausted", message);
    this.name = "BudgetExhaustedError";
    this.budget = budget;
  }
}

/** Most app names {@link ChatsInAnotherAppError} lists; more are counted. */
const MAX_HOLDING_APPS_NAMED = 3;

/**
 * `--app` names another app than the one already holding chats of a file being imported again.
 * A chat stays in the app it was first imported into (retrieval never crosses apps, and moving
 * it would take it out of that app's history), so the file is refused rather than silently kept
 * where it was: nothing of it was written. `heldBy` lists the apps holding its chats (names only,
 * never a chat's title or text); the remedy imports it again under the first of them. CLI exit 2.
 */
export class ChatsInAnotherAppError extends InvalidInputError {
  readonly file: string;
  /** The app `--app` named, as typed (or as stored, when it matched an app). */
  readonly appName: string;
  /** Names of the apps that hold chats of `file`, in order of first chat. */
  readonly heldBy: readonly string[];
  /** How many chats of `file` are stored under those apps. */
  readonly chats: number;
  constructor(options: {
    readonly file: string;
    readonly appName: string;
    readonly heldBy: readonly string[];
    readonly chats: number;
  }) {
    const { file, appName, heldBy, chats } = options;
    const named = heldBy.slice(0, MAX_HOLDING_APPS_NAMED).map((name) => quotedValue(name));
    const more = heldBy.length - named.length;
    const apps = `${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
    const chatWord = chats === 1 ? "1 chat" : `${chats} chats`;
    super(
      "--app",
      `${heldBy.length === 1 ? named[0] : `one of ${apps}`}, the app that holds this file's chats, or no --app`,
      `got ${quotedValue(appName)}; ${chatWord} of ${file} ${chats === 1 ? "is" : "are"} already stored under ${heldBy.length === 1 ? "app" : "apps"} ${apps}, and a chat stays in the app it was first imported into; nothing of the file was written`,
      [
        {
          args: ["import", file, "--app", heldBy[0] ?? appName],
          purpose: "to update them where they are",
        },
      ],
    );
    this.name = "ChatsInAnotherAppError";
    this.file = file;
    this.appName = appName;
    this.heldBy = heldBy;
    this.chats = chats;
  }
}

/** What an {@link ImportFormatError} says of the one field of a record that was wrong. */
export interface ImportFieldProblem {
  /** The record's field, e.g. `content`. */
  readonly field: string;
  /** What the field may hold, e.g. `a string (the message text)`. */
  readonly allowed: string;
}

/**
 * An import file is malformed. `file` and `line` (1-based, when known) locate it; nothing from
 * that file was written. When one field of a record was wrong, `field` names it and `allowed`
 * says what it may hold (both also in the message).
 */
export class ImportFormatError extends RecollectError {
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly allowed: string | undefined;
  constructor(
    file: string,
    line: number | undefined,
    reason: string,
    problem?: ImportFieldProblem,
  ) {
    super("import_format", `${file}${line !== undefined ? `:${line}` : ""}: ${reason}`);
    this.name = "ImportFormatError";
    this.file = file;
    this.line = line;
    this.field = problem?.field;
    this.allowed = problem?.allowed;
  }

  /** The field problem this error names, if any. */
  get problem(): ImportFieldProblem | undefined {
    return this.field === undefined || this.allowed === undefined
      ? undefined
      : { field: this.field, allowed: this.allowed };
  }
}

/**
 * Another connection held the store's write lock for longer than this connection's busy timeout
 * (`STORE_BUSY_TIMEOUT_MS` in `src/store/`), so a write gave up waiting. Nothing was written by
 * the failed statement's transaction; the same command can simply be run again. CLI exit 9, HTTP
 * 503. `sqliteCode` is SQLite's extended code (e.g. `SQLITE_BUSY`, `SQLITE_BUSY_SNAPSHOT`).
 */
export class StoreBusyError extends RecollectError {
  readonly sqliteCode: string;
  constructor(sqliteCode: string, options?: { cause?: unknown }) {
    super(
      "store_busy",
      "The store is busy: another Recollect process kept it locked for too long. Nothing was written; try again.",
      options,
    );
    this.name = "StoreBusyError";
    this.sqliteCode = sqliteCode;
  }
}

/** SQLite's result codes for "the database is locked by another connection". */
const BUSY_CODE = /^SQLITE_(?:BUSY|LOCKED)(?:_|$)/;

/** The extended SQLite result code of a better-sqlite3 `SqliteError`, or null for other values. */
export function sqliteErrorCode(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== "SqliteError") return null;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === "string" ? code : null;
}

/** SQLite's result codes for a database file it cannot read as one. */
const DAMAGE_CODE = /^SQLITE_(?:CORRUPT|NOTADB)(?:_|$)/;

/**
 * True when `error` is a better-sqlite3 error saying the database file is damaged
 * (`SQLITE_CORRUPT*`; `SQLITE_NOTADB`, which for a file that opened means a damaged one). Pure.
 */
export function isDamagedDatabaseError(error: unknown): boolean {
  return DAMAGE_CODE.test(sqliteErrorCode(error) ?? "");
}

/**
 * Wraps any unexpected error so callers only ever see a {@link RecollectError}. A SQLite error
 * saying the database is damaged (found by a query once the store was open) is `precondition`:
 * the store file needs restoring, nothing in the request can fix it. Its message names no path;
 * the CLI, which knows the store it opened, names it (`StoreDamagedError`).
 */
export function toRecollectError(error: unknown): RecollectError {
  if (RecollectError.isInstance(error)) return error;
  if (error instanceof Error && error.name === "AbortError") return new AbortedError();
  const code = sqliteErrorCode(error);
  if (code !== null && BUSY_CODE.test(code)) return new StoreBusyError(code, { cause: error });
  if (isDamagedDatabaseError(error)) {
    return new RecollectError(
      "precondition",
      "The store file is damaged: SQLite finds parts of it unreadable; nothing more was written to it. Restore it from a backup, or move it aside and rebuild it with sync.",
      { cause: error },
    );
  }
  if (code?.startsWith("SQLITE_READONLY")) {
    return new RecollectError(
      "precondition",
      "The store is read-only: search, read and explore work, but this needs to write to it. Make the store file and its folder writable.",
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RecollectError("internal", `Internal error: ${message}`, { cause: error });
}
