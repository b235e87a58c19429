import type { StoreLocation } from "./store-location.js";
import { StorePathError } from "./store-path-error.js";

/**
 * A store that opened for reading but refused a write (`SQLITE_READONLY*`: the file or its folder
 * is not writable by this user, or the file system is mounted read-only), found by a command that
 * writes (import, sync, apps rename, …). Search, read and explore still work on it. `path` is the
 * file and `argument` where it came from, as every store path error; kind `precondition` (exit 4):
 * nothing in the command fixes the file's permissions. The CLI names it (`cli/damaged-store.ts`);
 * the library's own message (`toRecollectError`) names no path.
 */
export class StoreReadOnlyError extends StorePathError {
  constructor(location: StoreLocation, options: { cause?: unknown } = {}) {
    const from = location.origin === "default" ? "the default store path" : location.origin;
    super(
      location,
      `The store at ${location.path} (${from}) is read-only for this user: search, read and explore work, but this needs to write to it. Make the store file and its folder writable.`,
      options,
    );
    this.name = "StoreReadOnlyError";
  }
}
