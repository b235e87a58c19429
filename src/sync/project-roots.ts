/**
 * Where the project-scoped sources (SpecStory's `.specstory/history`, aider's history file) are
 * looked for besides the roots other agents' files name and the store knows: the folder sync runs
 * in and its git root, and the configured `sync.roots` with each folder directly inside them. A
 * root recorded in another system's form (`c:/Users/…`, `C:\…` on Linux) is kept as text for the
 * app it names but never searched: resolved here it would name a folder under the local cwd.
 */
import { existsSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { foldersIn } from "./fs-listing.js";

/**
 * True when `root` is an absolute path of this system, so a folder that may be searched. False
 * for a path another system recorded (a Windows drive path on Linux), and for a relative one.
 */
export function isLocalFolderPath(root: string): boolean {
  return isAbsolute(root);
}

/**
 * The project folders around `workingFolder` (absolute): itself and the nearest folder at or above
 * it holding `.git` (its repository's root), without `home` and `/`, where a session belongs to
 * no particular project (`project-scope.ts`'s rule). Unique, in that order.
 */
export function workingFolderRoots(workingFolder: string, home: string): string[] {
  const folder = resolve(workingFolder);
  const roots = [folder];
  for (let current = folder; dirname(current) !== current; current = dirname(current)) {
    if (existsSync(join(current, ".git"))) {
      roots.push(current);
      break;
    }
  }
  return [...new Set(roots)].filter((root) => root !== resolve(home) && dirname(root) !== root);
}

/**
 * The name of a project root's folder, for its app: the last segment, split at `\` too when the
 * path is another system's (`C:\Users\me\shop` → `shop` on Linux); the root itself when it has
 * no segment.
 */
export function rootFolderName(root: string): string {
  if (isLocalFolderPath(root)) return basename(root) || root;
  return (
    root
      .split(/[\\/]/)
      .filter((part) => part !== "")
      .at(-1) ?? root
  );
}

/**
 * The project folders the `sync.roots` setting names: each root and each folder directly inside
 * it (`~/code` holds one project per folder), sorted per root. A root that is missing or cannot
 * be listed adds itself only.
 */
export function configuredRootFolders(roots: readonly string[]): string[] {
  return roots.filter(isLocalFolderPath).flatMap((root) => [root, ...foldersIn(root)]);
}
