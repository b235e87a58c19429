import { RecollectError } from "../errors/recollect-error.js";
import type { Remedy } from "../errors/remedy.js";
import { choosePathSentence, type StoreLocation, type StorePathOrigin } from "./store-location.js";

/**
 * Base of every error about a store path that cannot be used as given: `path` is the path and
 * `argument` names where it came from (`--db`, `RECOLLECT_DB`, or `default`), in the message too.
 * Kind `precondition` (exit 4) whichever the source: a path that is there but unusable is a
 * problem of the machine or its configuration (as an unusable Engine variable is), not of the
 * command's arguments.
 */
export class StorePathError extends RecollectError {
  readonly path: string;
  readonly argument: StorePathOrigin;
  constructor(
    location: StoreLocation,
    message: string,
    options: { readonly cause?: unknown; readonly remedies?: readonly Remedy[] } = {},
  ) {
    super("precondition", message, options);
    this.name = "StorePathError";
    this.path = location.path;
    this.argument = location.origin;
  }
}

/**
 * A store path names a directory, or a file that is not a regular one (a FIFO, a device): nothing
 * is opened or changed there. `holds` says which.
 */
export class StorePathNotAFileError extends StorePathError {
  readonly holds: "directory" | "not_regular_file";
  constructor(location: StoreLocation, holds: "directory" | "not_regular_file") {
    const what = holds === "directory" ? "a directory" : "not a regular file";
    super(
      location,
      `Cannot open the store at ${location.path}: it is ${what}. ${choosePathSentence(location.origin, "a store file path, e.g. /path/to/recollect.db")}`,
    );
    this.name = "StorePathNotAFileError";
    this.holds = holds;
  }
}

/**
 * The file at a store path cannot be opened or read as a store: `reason` is what failed (the
 * file system's or SQLite's own words, e.g. a permission refusal or an I/O error), kept as the
 * `cause` when there is one.
 */
export class StoreNotOpenableError extends StorePathError {
  constructor(location: StoreLocation, reason: string, options: { readonly cause?: unknown } = {}) {
    super(
      location,
      `Cannot open the store at ${location.path} (${location.origin === "default" ? "the default store path" : location.origin}): ${reason}`,
      options,
    );
    this.name = "StoreNotOpenableError";
  }
}
