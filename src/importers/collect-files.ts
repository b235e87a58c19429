/**
 * Expands the paths given to `import` into files: a file stands for itself, a folder for every
 * file under it (recursively, sorted, following no symlinked folders, skipping `.git` and
 * `node_modules`). Hidden files and folders are kept: `.specstory/` and `.aider.chat.history.md`
 * are hidden.
 */
import { accessSync, constants, lstatSync, readdirSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { InvalidInputError } from "../errors/recollect-error.js";
import { NO_EXCLUSION, type PathExclusion } from "./path-exclusion.js";

/** Folders never walked into: version control and dependencies hold no chat histories. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([".git", "node_modules"]);

/** One file to consider; `explicit` when the caller named it rather than a folder holding it. */
export interface CandidateFile {
  readonly path: string;
  readonly explicit: boolean;
}

/** A path under a given folder that could not be read, and the system error code (`EACCES`…). */
export interface UnreadablePath {
  readonly path: string;
  readonly code: string;
}

/**
 * The candidate files, the paths `exclusion` kept out (a folder stands for all it holds) and the
 * files and folders under a given folder that could not be read (never walked into).
 */
export interface CollectedFiles {
  readonly files: CandidateFile[];
  readonly excluded: string[];
  readonly unreadable: UnreadablePath[];
}

/**
 * Lists candidate files for `paths`, in argument order, folder contents sorted by name. A path
 * that `exclusion` excludes is not listed and not walked into.
 *
 * A file or folder found inside a given folder that cannot be read is listed in `unreadable`, so
 * one locked file does not stop the rest; a path given by name that cannot be read is an error,
 * as a missing one is: the person asked for that very file.
 *
 * @throws InvalidInputError (`paths`) when no path is given or one does not exist, cannot be
 *   read, or is a named pipe, device or socket (the detail names the path and, unless it is
 *   missing, the system error code or what it is). Inside a folder such paths are not listed.
 */
export function collectFiles(
  paths: readonly string[],
  exclusion: PathExclusion = NO_EXCLUSION,
): CollectedFiles {
  if (paths.length === 0) {
    throw new InvalidInputError("paths", "at least one file or folder to import");
  }
  const collected: CollectedFiles = { files: [], excluded: [], unreadable: [] };
  for (const path of paths) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(path);
      // A file is opened only later; its read permission is checked now, before anything is written.
      if (!stats.isDirectory()) accessSync(path, constants.R_OK);
    } catch (error) {
      // Only a missing path "does not exist"; a permission or symlink-loop failure says its code.
      const code = errorCode(error);
      const missing = code === "ENOENT" || code === "ENOTDIR";
      const detail = missing ? `${path} does not exist` : `${path} cannot be read (${code})`;
      throw new InvalidInputError("paths", "existing files or folders", detail);
    }
    const special = specialFileKind(stats);
    if (special !== null) {
      // Opening a named pipe blocks until a writer comes, past any stop signal; a device never ends.
      const detail = `${path} is ${special}, not a regular file`;
      throw new InvalidInputError("paths", "existing files or folders", detail);
    }
    if (exclusion.excludes(path)) collected.excluded.push(path);
    else if (!stats.isDirectory()) collected.files.push({ path, explicit: true });
    else {
      const entries = readFolder(path);
      if (typeof entries === "string") {
        const detail = `${path} cannot be read (${entries})`;
        throw new InvalidInputError("paths", "existing files or folders", detail);
      }
      walk(path, entries, collected, exclusion);
    }
  }
  return collected;
}

/** What a path that is neither a regular file nor a folder is ("a named pipe"…), else null. */
function specialFileKind(stats: Stats): string | null {
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return null;
}

/** The system error code of a failed `fs` call (`EACCES`, `ELOOP`…), or "error". */
export function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" ? code : "error";
}

/** The folder's entry names, sorted, or the error code when it cannot be listed. */
function readFolder(folder: string): string[] | string {
  try {
    return readdirSync(folder).sort();
  } catch (error) {
    return errorCode(error);
  }
}

function walk(
  folder: string,
  entries: readonly string[],
  into: CollectedFiles,
  exclusion: PathExclusion,
): void {
  for (const name of entries) {
    const path = join(folder, name);
    if (exclusion.excludes(path)) {
      into.excluded.push(path);
      continue;
    }
    const link = lstatSync(path);
    if (link.isSymbolicLink()) {
      // Follow links to files, never to folders (no cycles, no escaping the tree). A dangling
      // link, a loop or a target this user may not reach is unreadable: the summary names it.
      try {
        const target = statSync(path, { throwIfNoEntry: false });
        if (target === undefined) into.unreadable.push({ path, code: "ENOENT" });
        else if (target.isFile()) into.files.push({ path, explicit: false });
      } catch (error) {
        into.unreadable.push({ path, code: errorCode(error) });
      }
      continue;
    }
    if (link.isDirectory()) {
      if (SKIPPED_FOLDERS.has(name)) continue;
      const inner = readFolder(path);
      if (typeof inner === "string") into.unreadable.push({ path, code: inner });
      else walk(path, inner, into, exclusion);
    } else if (link.isFile()) {
      into.files.push({ path, explicit: false });
    }
  }
}
