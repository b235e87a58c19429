/**
 * Which app an MCP session is locked to (issue 10 § Build 4). In order: the `--app NAME` the server
 * was started with; else the first of the client's roots (`roots/list`), Claude Code's
 * `CLAUDE_PROJECT_DIR`, and the server's working directory that lies inside a project path an app
 * records (`apps.path` and every `app_roots` row, shown by `recollect apps`). The deepest recorded
 * path wins, so a monorepo's package app beats the monorepo's own app.
 */
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, resolve, sep } from "node:path";
import type Database from "better-sqlite3";
import { InvalidInputError, LIST_APPS } from "../errors/recollect-error.js";
import { resolveAppName } from "../store/catalog/app-lookup.js";
import { appsWithPath } from "../store/catalog/apps.js";
import { claudeTranscriptsDir } from "./claude-code-paths.js";
import { ProjectNotImportedError } from "./project-not-imported-error.js";

/** Where the session's project may be named, most specific first. */
export interface SessionAppSources {
  /** `recollect mcp --app NAME`: wins over everything else. */
  readonly appName?: string;
  /** Folders from the client's `roots/list` (already converted from `file://` URIs). */
  readonly roots: readonly string[];
  /** `CLAUDE_PROJECT_DIR`, which Claude Code sets for the stdio servers it spawns. */
  readonly projectDir?: string;
  /** The server's working directory. */
  readonly cwd: string;
  /** For the error's import hint (Claude Code's `CLAUDE_CONFIG_DIR`). */
  readonly env: NodeJS.ProcessEnv;
}

/** How the app was chosen. */
export type SessionAppSource = "app_option" | "root" | "project_dir" | "cwd";

/**
 * The app a session is locked to. `projectPath` is the recorded root the session's folder lies in
 * (for `--app`, the app's `apps.path`, null when it has none).
 */
export interface SessionApp {
  readonly appId: number;
  readonly appName: string;
  readonly projectPath: string | null;
  readonly source: SessionAppSource;
}

/** An absolute, symlink-free form of `path` (the path itself when it does not exist). */
function canonical(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

function isInside(folder: string, projectPath: string): boolean {
  return (
    folder === projectPath ||
    folder.startsWith(projectPath.endsWith(sep) ? projectPath : `${projectPath}${sep}`)
  );
}

/**
 * The app whose recorded project path is `folder` or contains it, deepest first; null when none.
 * Only absolute recorded paths are considered.
 */
export function appForFolder(
  db: Database.Database,
  folder: string,
): { id: number; name: string; path: string } | null {
  const wanted = canonical(folder);
  const apps = appsWithPath(db)
    .filter((app) => isAbsolute(app.path))
    .map((app) => ({ ...app, canonicalPath: canonical(app.path) }))
    .filter((app) => isInside(wanted, app.canonicalPath))
    .sort((a, b) => b.canonicalPath.length - a.canonicalPath.length);
  const best = apps[0];
  return best ? { id: best.id, name: best.name, path: best.path } : null;
}

/**
 * Apps whose recorded project path lies strictly inside `folder` (e.g. an aider history recorded
 * for `backend/`): not matched from `folder` itself, which {@link appForFolder} only matches
 * upwards. Sorted by name; `recollect doctor` names them as a hint.
 */
export function appsBelowFolder(
  db: Database.Database,
  folder: string,
): Array<{ id: number; name: string }> {
  const outer = canonical(folder);
  const names = new Map<number, string>();
  for (const app of appsWithPath(db)) {
    if (!isAbsolute(app.path)) continue;
    const path = canonical(app.path);
    if (path !== outer && isInside(path, outer)) names.set(app.id, app.name);
  }
  return [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The app `recollect mcp --app NAME` locks the session to. Checked at start-up, before anything
 * is served, as every other command checks its `--app`.
 *
 * The name may differ from the stored one in case, accents or spacing (`store/catalog/app-lookup.ts`);
 * the session carries the stored name.
 *
 * @throws InvalidInputError (`--app`) for a blank name; AmbiguousAppNameError (`--app`) when
 *   several apps match loosely; AppNotFoundError, with `suggestions`, when none does.
 */
export function namedSessionApp(db: Database.Database, appName: string): SessionApp {
  const name = appName.trim();
  if (!name) throw new InvalidInputError("--app", "an app name", undefined, [LIST_APPS]);
  const app = resolveAppName(db, name);
  return { appId: app.id, appName: app.name, projectPath: app.path, source: "app_option" };
}

/**
 * Resolves the session's app (see the module doc).
 *
 * @throws InvalidInputError / AppNotFoundError from {@link namedSessionApp} when `--app` is given.
 * @throws ProjectNotImportedError (`precondition`, `missing: "app"`) when no candidate folder lies
 *   inside a recorded project path; it names the first candidate and how to import it.
 */
export function resolveSessionApp(db: Database.Database, sources: SessionAppSources): SessionApp {
  if (sources.appName !== undefined) return namedSessionApp(db, sources.appName);
  const candidates: Array<{ folder: string; source: SessionAppSource }> = [
    ...sources.roots.map((folder) => ({ folder, source: "root" as const })),
    ...(sources.projectDir ? [{ folder: sources.projectDir, source: "project_dir" as const }] : []),
    { folder: sources.cwd, source: "cwd" },
  ];
  for (const candidate of candidates) {
    const app = appForFolder(db, candidate.folder);
    if (app) {
      return { appId: app.id, appName: app.name, projectPath: app.path, source: candidate.source };
    }
  }
  const first = canonical(candidates[0]?.folder ?? sources.cwd);
  const transcripts = claudeTranscriptsDir(first, sources.env);
  throw new ProjectNotImportedError(first, existsSync(transcripts) ? transcripts : null);
}
