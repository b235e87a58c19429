/**
 * Which project roots a sync limited to some projects covers (`recollect mcp` syncs its client's
 * project this way, and its watcher follows only that project's folders). A root is in scope when
 * it is one of the projects, inside one, or above one — a session started at the repository root
 * belongs to a client working in a sub-folder — except HOME and `/`, where a session belongs to
 * no particular project. One rule for the sync (`sync-history.ts`) and the watcher
 * (`watch-history.ts`), so the two never disagree on what a project holds.
 */
import { dirname, sep } from "node:path";

/**
 * True when `root` (absolute) is in the scope of `projects` (absolute, resolved), `home` being
 * the home folder.
 */
export function rootInProjects(root: string, projects: readonly string[], home: string): boolean {
  return projects.some(
    (project) =>
      isInside(root, project) ||
      (isInside(project, root) && root !== home && dirname(root) !== root),
  );
}

/**
 * The folders above `project` that are in its scope (its ancestors below `/`, HOME excluded),
 * nearest first.
 */
export function enclosingRoots(project: string, home: string): string[] {
  const roots: string[] = [];
  for (let folder = dirname(project); dirname(folder) !== folder; folder = dirname(folder)) {
    if (folder !== home) roots.push(folder);
  }
  return roots;
}

/** True when `path` is `folder` or inside it (both absolute). */
export function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}
