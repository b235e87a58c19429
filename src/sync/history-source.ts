/**
 * The contract of one history source: an agent (or exporter) that writes chat histories to a known
 * place on disk. A source says where it looks (relative to `HOME`, overridable by the agent's own
 * environment variable and by the `sources` settings key), which files there are its own, and
 * which project root each file belongs to. Parsing is not its job: it names the import format
 * (`src/importers/`) that reads its files. Every source is one file in `sources/` and one line in
 * `sources/index.ts`.
 */
import type { ImportFormat } from "../importers/index.js";
import type { OnSkippedFolder } from "./fs-listing.js";

/**
 * Where a source looks for its files.
 *
 * - `home`: fixed folders under the person's home (`~/.claude/projects`, `~/.codex/sessions`);
 * - `project`: inside project roots (`<root>/.specstory/history`), the roots being those the
 *   `home` sources' chats name, those already recorded in the store, and `--project DIR`.
 */
export type SourceScope = "home" | "project";

/** What discovery knows about the machine; tests pass a temporary `home` and `env`. */
export interface SourceEnvironment {
  /** The home folder (absolute). */
  readonly home: string;
  /** Environment variables (only the sources' own overrides are read). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Folders the `sources` settings key gives per source name; when present for a source they
   * replace its default folders.
   */
  readonly settingsFolders: Readonly<Record<string, readonly string[]>>;
  /**
   * The `sync.roots` setting: absolute folders where the project sources look, in each and in
   * each folder directly inside it. None when absent.
   */
  readonly syncRoots?: readonly string[];
}

/** One file a source owns, as listed (before it is read). */
export interface SourceFile {
  /** Absolute path. */
  readonly path: string;
  /**
   * The project root the layout tells (SpecStory, aider); null when only the file's content tells
   * (Claude Code, Codex record the working directory inside the file).
   */
  readonly projectRoot: string | null;
  /**
   * For a sub-agent transcript, the path of the parent session's file: the two are separate chats,
   * linked, never merged. Null otherwise.
   */
  readonly parentPath: string | null;
}

/** How long an agent keeps its own session files before deleting them. */
export interface SourceRetention {
  /** Files last changed more than this many days ago are deleted by the agent. */
  readonly days: number;
  /** The settings file that says so (absolute), or null when it is the agent's default. */
  readonly settingsFile: string | null;
}

/** One history source. */
export interface HistorySource {
  /** Stable name used by `--source`, settings and reports, e.g. `"claude-code"`. */
  readonly name: string;
  /** The tool as people know it, e.g. `"Claude Code"`. */
  readonly label: string;
  /** The import format that parses this source's files (also `chats.source`). */
  readonly format: ImportFormat;
  readonly scope: SourceScope;
  /**
   * How many folder levels below a location its files lie at most, for the watcher (`sync
   * --watch`, `recollect mcp`): 0 for a file directly in it (aider's history in a project root).
   * Default: the watcher's own depth (4). A source whose location is a whole project folder sets
   * it, or the watcher would walk the project's tree (its `node_modules`) for every start and stop.
   */
  readonly watchDepth?: number;
  /**
   * Folders to search, absolute. `home` sources derive them from `environment` (settings folders
   * first, then the agent's own env variable, then the default under `home`); `project` sources
   * from each of `projectRoots`. A folder may not exist: discovery reports it as "nothing found".
   */
  locations(environment: SourceEnvironment, projectRoots: readonly string[]): string[];
  /**
   * This source's files under one of its `locations`, sorted by path; [] when the folder is
   * missing or unreadable. Each folder that exists but cannot be listed (the location or one
   * inside it) is passed to `onSkipped`, when given. Never throws a file-system error.
   */
  listFiles(location: string, onSkipped?: OnSkippedFolder): SourceFile[];
  /**
   * The project root of `file`: the layout's ({@link SourceFile.projectRoot}) when it has one,
   * else what the file records (a `cwd`), read from its first bytes; null when neither tells
   * (the chat then goes to an app named after the file's folder). Never throws.
   */
  projectRootOf(file: SourceFile): string | null;
  /**
   * For a layout that files sessions in one folder per working directory, directly under each of
   * its `locations` (Claude Code's `<encoded-cwd>/`): the name that folder has for sessions started
   * in `projectRoot` (absolute). Applied to such a folder's own name it returns that name (it is
   * idempotent), and it keeps prefixes: a session started in a folder inside `projectRoot` is in a
   * folder whose name starts with `projectFolderName(projectRoot + sep)`. A watcher that follows
   * some projects only (`recollect mcp`) follows those folders and no other project's. Absent
   * when the layout does not file sessions by project (Codex files them by date): the watcher then
   * follows the locations and tells a changed file's project by its root.
   */
  readonly projectFolderName?: (projectRoot: string) => string;
  /**
   * For a database source: the other files whose content the format reads with `file` (Cursor's
   * per-workspace `state.vscdb`, its `-wal` and `workspace.json`, which say each composer's
   * project), absolute; a missing one is simply not there. Sync re-reads `file` when any of them
   * changes, as when `file` itself does. Absent when the file is read alone. Never throws.
   */
  readonly companionFiles?: (file: SourceFile) => string[];
  /**
   * For an agent that deletes its own history after a while (Claude Code's `cleanupPeriodDays`):
   * how long it keeps a file on this machine, read from its settings. Sync warns when files are
   * close to it. Absent for an agent that keeps its history. Never throws.
   */
  readonly retention?: (environment: SourceEnvironment) => SourceRetention;
}
