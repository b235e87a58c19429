import { accessSync, constants, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { RecollectError } from "../errors/recollect-error.js";

/**
 * A new store cannot be created at `path`: `folder`, the nearest folder on the path that exists
 * (the store's own folder, or the first one above the folders that would be made), cannot be
 * written — it is read-only, or this user has no write permission there. Kind `precondition`
 * (exit 4); nothing was created. Replaces SQLite's bare "unable to open database file".
 */
export class StoreNotCreatableError extends RecollectError {
  readonly path: string;
  readonly folder: string;
  /** What stops the creation: the folder cannot be written. */
  readonly reason = "folder_not_writable";
  constructor(path: string, folder: string) {
    super(
      "precondition",
      `Cannot create the store at ${path}: the folder ${folder} is not writable (read-only, or no write permission), so nothing was created. Choose a --db path in a writable folder, or make ${folder} writable.`,
    );
    this.name = "StoreNotCreatableError";
    this.path = path;
    this.folder = folder;
  }
}

/** The nearest folder at or above `folder` that exists. */
function nearestExistingFolder(folder: string): string {
  let current = resolve(folder);
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/**
 * Refuses to create a store at `path` (a file that does not exist yet) when the folder it would
 * be created in cannot be written, before anything is made.
 *
 * @throws StoreNotCreatableError naming `path` and that folder.
 */
export function requireCreatableStorePath(path: string): void {
  const folder = nearestExistingFolder(dirname(path));
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch {
    throw new StoreNotCreatableError(path, folder);
  }
}
