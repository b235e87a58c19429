/**
 * A store file found damaged after it opened (a query reached a page SQLite cannot read), or
 * read-only when a command wrote to it. The library says only "the store file is damaged" or "the
 * store is read-only" (`toRecollectError`); the CLI knows which store it opened, so it names the
 * path and where it came from, as the same damage found while opening is named
 * (`StoreDamagedError`).
 */
import type { Command } from "commander";
import {
  ChatNotFoundError,
  isDamagedDatabaseError,
  RecollectError,
  sqliteErrorCode,
} from "../errors/recollect-error.js";
import { openStore } from "../store/open-store.js";
import { StoreDamagedError } from "../store/store-damaged-error.js";
import { StorePathError } from "../store/store-path-error.js";
import { StoreReadOnlyError } from "../store/store-read-only-error.js";
import { globalOptions, storeLocationFor } from "./cli-context.js";

/**
 * `error` as a store path error naming the run's local store when it, or the cause of a
 * classified error, is SQLite's "database is damaged" ({@link StoreDamagedError}) or "attempt to
 * write a readonly database" ({@link StoreReadOnlyError}). Only the local store is SQLite: a team
 * store is PostgreSQL, and importers classify their own files' errors. Else `error` unchanged.
 * Never throws: when the store's options cannot be read, `error` is returned as it is.
 */
export function namingDamagedStore(error: unknown, program: Command): unknown {
  if (error instanceof StorePathError) return error;
  if (error instanceof ChatNotFoundError) return damagedOr(error, program);
  const raw = RecollectError.isInstance(error) ? error.cause : error;
  const damaged = isDamagedDatabaseError(raw);
  if (!damaged && !sqliteErrorCode(raw)?.startsWith("SQLITE_READONLY")) return error;
  try {
    const location = storeLocationFor(globalOptions(program));
    return damaged
      ? new StoreDamagedError(location, "malformed", { cause: raw })
      : new StoreReadOnlyError(location, { cause: raw });
  } catch {
    return error;
  }
}

/**
 * `error` (a chat or message not found), or the damage that may have hidden the row: a damaged
 * page can make a lookup miss a message the chat lists (a newcomer's check: `read --around 300`
 * said "not found" of a chat `chats` listed with 40 messages). Only on this error path, so the
 * check (`PRAGMA quick_check`, linear in the file's size) costs nothing when reads succeed. Only
 * the local store: a team store (`--store postgres://…`) is not SQLite. Never throws.
 */
function damagedOr(error: ChatNotFoundError, program: Command): unknown {
  try {
    const global = globalOptions(program);
    if (global.store !== undefined && global.dbOrigin === undefined) return error;
    const location = storeLocationFor(global);
    using store = openStore({ ...location, readonly: true });
    const verdict = store.db.pragma("quick_check", { simple: true });
    return verdict === "ok"
      ? error
      : new StoreDamagedError(location, "malformed", { cause: error });
  } catch (cause) {
    return cause instanceof StoreDamagedError ? cause : error;
  }
}
