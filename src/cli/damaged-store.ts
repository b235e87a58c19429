/**
 * A store file found damaged after it opened: a query reached a page SQLite cannot read. The
 * library says only "the store file is damaged" (`toRecollectError`); the CLI knows which store
 * it opened, so it names the path and where it came from, as the same damage found while opening
 * is named (`StoreDamagedError`).
 */
import type { Command } from "commander";
import { isDamagedDatabaseError, RecollectError } from "../errors/recollect-error.js";
import { StoreDamagedError } from "../store/store-damaged-error.js";
import { StorePathError } from "../store/store-path-error.js";
import { globalOptions, storeLocationFor } from "./cli-context.js";

/**
 * `error` as a {@link StoreDamagedError} naming the run's local store when it, or the cause of a
 * classified error, is SQLite's "database is damaged" (only the local store is SQLite: a team
 * store is PostgreSQL, and importers classify their own files' errors); else `error` unchanged.
 * Never throws: when the store's options cannot be read, `error` is returned as it is.
 */
export function namingDamagedStore(error: unknown, program: Command): unknown {
  if (error instanceof StorePathError) return error;
  const raw = RecollectError.isInstance(error) ? error.cause : error;
  if (!isDamagedDatabaseError(raw)) return error;
  try {
    return new StoreDamagedError(storeLocationFor(globalOptions(program)), "malformed", {
      cause: raw,
    });
  } catch {
    return error;
  }
}
