/**
 * The folders a new store's path lacks: made one at a time before its file is created, removed
 * again when the open fails, so a refused `--db` leaves nothing behind.
 */
import { existsSync, mkdirSync, rmdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { StoreLocation } from "./store-location.js";
import { StoreNotCreatableError } from "./store-not-creatable-error.js";

/**
 * Creates the missing folders of a new store's `location.path`, shallowest first, one `mkdir` each (Node's
 * recursive mkdir never returns on some file systems that refuse folders, e.g. /proc). Returns the
 * folders made, deepest first, for {@link removeStoreFolders}. On failure removes what it made.
 *
 * @throws StoreNotCreatableError (`folder_not_writable`) naming the path, its origin and the folder that refused
 *   a new folder (root passes the permission check on /proc or /sys, whose mkdir still fails).
 */
export function createStoreFolders(location: StoreLocation): string[] {
  const { path } = location;
  const missing: string[] = [];
  for (let at = resolve(dirname(path)); !existsSync(at) && dirname(at) !== at; at = dirname(at)) {
    missing.push(at);
  }
  const made: string[] = [];
  for (const folder of [...missing].reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST" && statSync(folder).isDirectory()) {
        continue; // another process made it meanwhile
      }
      removeStoreFolders(made.reverse());
      throw new StoreNotCreatableError(location, dirname(folder), "folder_not_writable", {
        cause: error,
      });
    }
    made.push(folder);
  }
  return made.reverse();
}

/** Removes `folders` (deepest first) while each is empty; one in use is left. Never throws. */
export function removeStoreFolders(folders: readonly string[]): void {
  try {
    for (const folder of folders) rmdirSync(folder);
  } catch {
    // Not empty (another process put something there) or already gone: left as it is.
  }
}
