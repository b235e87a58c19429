import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { RecollectError } from "../errors/recollect-error.js";

/**
 * Why a new store cannot be created: `folder_not_writable` — the folder is read-only, this user
 * has no write permission there, or the file system refuses new files (e.g. /proc, /sys);
 * `not_a_folder` — a file that is not a folder stands where a folder of the path should be.
 */
export type StoreNotCreatableReason = "folder_not_writable" | "not_a_folder";

/**
 * A new store cannot be created at `path`: `folder`, the nearest folder on the path that exists
 * (the store's own folder, or the first one above the folders that would be made), cannot be
 * written, or is a file (`reason`). Kind `precondition` (exit 4); nothing was created, no folder
 * either. Replaces SQLite's bare "unable to open database file" and Node's mkdir errors.
 */
export class StoreNotCreatableError extends RecollectError {
  readonly path: string;
  readonly folder: string;
  /** What stops the creation (see {@link StoreNotCreatableReason}). */
  readonly reason: StoreNotCreatableReason;
  constructor(
    path: string,
    folder: string,
    reason: StoreNotCreatableReason = "folder_not_writable",
    options: { readonly cause?: unknown } = {},
  ) {
    super(
      "precondition",
      reason === "not_a_folder"
        ? `Cannot create the store at ${path}: ${folder} is a file, not a folder, so nothing was created. Choose a --db path whose folders are folders.`
        : `Cannot create the store at ${path}: the folder ${folder} is not writable (read-only, no write permission, or a file system that takes no new files), so nothing was created. Choose a --db path in a writable folder, or make ${folder} writable.`,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.name = "StoreNotCreatableError";
    this.path = path;
    this.folder = folder;
    this.reason = reason;
  }
}

/** The nearest path at or above `folder` that exists (a folder, or a file in the way). */
function nearestExisting(folder: string): string {
  let current = resolve(folder);
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/**
 * Refuses to create a store at `path` (a file that does not exist yet) when the folder it would
 * be created in cannot be written, or a file stands where one of its folders should be, before
 * anything is made.
 *
 * @throws StoreNotCreatableError naming `path` and that folder (`reason` says which).
 */
export function requireCreatableStorePath(path: string): void {
  const folder = nearestExisting(dirname(path));
  if (!statSync(folder).isDirectory()) {
    throw new StoreNotCreatableError(path, folder, "not_a_folder");
  }
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch {
    throw new StoreNotCreatableError(path, folder);
  }
}
