/**
 * Expands the paths given to `import` into files: a file stands for itself, a folder for every
 * file under it (recursively, sorted, following no symlinked folders, skipping `.git` and
 * `node_modules`). Hidden files and folders are kept: `.specstory/` and `.aider.chat.history.md`
 * are hidden.
 */
import { lstatSync, readdirSync, statSync } from "node:fs";
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

/** The candidate files, and the paths `exclusion` kept out (a folder stands for all it holds). */
export interface CollectedFiles {
  readonly files: CandidateFile[];
  readonly excluded: string[];
}

/**
 * Lists candidate files for `paths`, in argument order, folder contents sorted by name. A path
 * that `exclusion` excludes is not listed and not walked into.
 *
 * @throws InvalidInputError (`paths`) when no path is given or one does not exist or cannot be
 *   read (the detail names the path and, unless it is missing, the system error code).
 */
export function collectFiles(
  paths: readonly string[],
  exclusion: PathExclusion = NO_EXCLUSION,
): CollectedFiles {
  if (paths.length === 0) {
    throw new InvalidInputError("paths", "at least one file or folder to import");
  }
  const files: CandidateFile[] = [];
  const excluded: string[] = [];
  for (const path of paths) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(path);
    } catch (error) {
      // Only a missing path "does not exist"; a permission or symlink-loop failure says its code.
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      const missing = code === "ENOENT" || code === "ENOTDIR";
      const detail = missing ? `${path} does not exist` : `${path} cannot be read (${code})`;
      throw new InvalidInputError("paths", "existing files or folders", detail);
    }
    if (exclusion.excludes(path)) excluded.push(path);
    else if (stats.isDirectory()) walk(path, { files, excluded }, exclusion);
    else files.push({ path, explicit: true });
  }
  return { files, excluded };
}

function walk(folder: string, into: CollectedFiles, exclusion: PathExclusion): void {
  const entries = readdirSync(folder).sort();
  for (const name of entries) {
    const path = join(folder, name);
    if (exclusion.excludes(path)) {
      into.excluded.push(path);
      continue;
    }
    const link = lstatSync(path);
    if (link.isSymbolicLink()) {
      // Follow links to files, never to folders (no cycles, no escaping the tree).
      const target = statSync(path, { throwIfNoEntry: false });
      if (target?.isFile()) into.files.push({ path, explicit: false });
      continue;
    }
    if (link.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(name)) walk(path, into, exclusion);
    } else if (link.isFile()) {
      into.files.push({ path, explicit: false });
    }
  }
}
