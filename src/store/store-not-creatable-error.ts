import { constants, existsSync, statfsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { canAccess } from "./can-access.js";
import { choosePathSentence, type StoreLocation } from "./store-location.js";
import { StorePathError } from "./store-path-error.js";

/**
 * Why a new store cannot be created: `folder_not_writable` — the folder is read-only, this user
 * has no write permission there, or the file system refuses new files (e.g. /proc, /sys);
 * `not_a_folder` — a file that is not a folder stands where a folder of the path should be;
 * `folder_not_enterable` — this user may not enter a folder on the path (no execute permission),
 * so whether a store lies below it cannot even be seen.
 */
export type StoreNotCreatableReason =
  | "folder_not_writable"
  | "not_a_folder"
  | "folder_not_enterable";

/** The message for `reason`: what stops the store at `path`, and what to do. */
function messageOf(location: StoreLocation, folder: string, reason: StoreNotCreatableReason) {
  const { path, origin } = location;
  switch (reason) {
    case "not_a_folder":
      return `There is no store at ${path} and none can be created there: ${folder} is a file, not a folder. Nothing was created. ${choosePathSentence(origin, "a path whose folders are folders")}`;
    case "folder_not_enterable":
      return `Cannot reach ${path}: this user may not enter the folder ${folder} (permission denied), so no store there can be read or created. Nothing was created. ${choosePathSentence(origin, `a path in a folder you can open, or let this user enter ${folder}`)}`;
    default:
      return `There is no store at ${path} and none can be created there: the folder ${folder} is not writable (read-only, no write permission, or a file system that takes no new files). Nothing was created. ${choosePathSentence(origin, `a path in a writable folder, or make ${folder} writable`)}`;
  }
}

/**
 * There is no store at `path` and none can be created there: `folder`, the nearest folder on the
 * path that exists (the store's own folder, or the first one above the folders that would be
 * made), cannot be written, or is a file, or cannot be entered, which hides whether a store lies
 * below it (`reason`). Thrown alike to commands that write and to
 * commands that only read (whose "no store yet" would suggest an import that cannot work). Kind
 * `precondition` (exit 4); nothing was created, no folder either. `argument` names where the path
 * came from (`--db`, `RECOLLECT_DB`, `default`), and so does the message's last sentence.
 * Replaces SQLite's bare "unable to open database file" and Node's mkdir errors.
 */
export class StoreNotCreatableError extends StorePathError {
  readonly folder: string;
  /** What stops the creation (see {@link StoreNotCreatableReason}). */
  readonly reason: StoreNotCreatableReason;
  constructor(
    location: StoreLocation,
    folder: string,
    reason: StoreNotCreatableReason = "folder_not_writable",
    options: { readonly cause?: unknown } = {},
  ) {
    super(location, messageOf(location, folder, reason), options);
    this.name = "StoreNotCreatableError";
    this.folder = folder;
    this.reason = reason;
  }
}

/**
 * The nearest path at or above `folder` that this user can see exists (a folder, or a file in the
 * way). A path inside a folder it may not enter looks absent, so that folder is the one returned.
 */
function nearestExisting(folder: string): string {
  let current = resolve(folder);
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/** True when this user may enter `folder` (execute permission), so what lies in it can be seen. */
const enterable = (folder: string) => canAccess(folder, constants.X_OK);

/**
 * Linux's kernel file systems that take no new file or folder from anyone: proc (0x9fa0) and
 * sysfs (0x62656572), by their `statfs` magic numbers. Root passes `access()`'s write check on
 * them, so only their type tells, without trying to create something there.
 */
const NO_NEW_FILES_FILE_SYSTEMS: ReadonlySet<number> = new Set([0x9fa0, 0x62656572]);

/** True when `folder` lies on a file system that takes no new files whoever asks. */
function takesNoNewFiles(folder: string): boolean {
  try {
    return NO_NEW_FILES_FILE_SYSTEMS.has(statfsSync(folder).type);
  } catch {
    return false; // No statfs here: creating the store is what finds out.
  }
}

/**
 * Refuses a store path below a folder this user may not enter (`folder_not_enterable`): neither
 * the store nor the files beside it (settings, telemetry) can be reached there, so every command
 * says so first, whichever of those files it would touch first. Creates nothing.
 *
 * @throws StoreNotCreatableError naming the path, where it came from and that folder.
 */
export function requireEnterableStorePath(location: StoreLocation): void {
  const folder = nearestExisting(dirname(location.path));
  if (statSync(folder).isDirectory() && !enterable(folder)) {
    throw new StoreNotCreatableError(location, folder, "folder_not_enterable");
  }
}

/**
 * Refuses to create a store at `location.path` (a file that does not exist yet) when the folder
 * it would be created in cannot be written (read-only, no permission, or /proc and /sys, which
 * take no new files even from root), or a file stands where one of its folders should be, before
 * anything is made. Creates nothing itself, so a command that only reads can ask too.
 *
 * @throws StoreNotCreatableError naming the path, where it came from and that folder (`reason`
 *   says which: `folder_not_enterable` when this user may not enter it).
 */
export function requireCreatableStorePath(location: StoreLocation): void {
  const folder = nearestExisting(dirname(location.path));
  if (!statSync(folder).isDirectory()) {
    throw new StoreNotCreatableError(location, folder, "not_a_folder");
  }
  // Not "there is no store": one may lie below a folder this user may not enter.
  if (!enterable(folder))
    throw new StoreNotCreatableError(location, folder, "folder_not_enterable");
  if (!canAccess(folder, constants.W_OK | constants.X_OK)) {
    throw new StoreNotCreatableError(location, folder);
  }
  if (takesNoNewFiles(folder)) throw new StoreNotCreatableError(location, folder);
}
