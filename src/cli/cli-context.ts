import { existsSync, rmdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import type { Command } from "commander";
import {
  type EntitlementProvider,
  isProEntitlement,
  settingsEntitlement,
} from "../agent/entitlement/index.js";
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import {
  type ProRequiredError,
  settingsPathForStore,
  proRequiredError as settingsProRequiredError,
  settingsStoreForStorePath,
} from "../settings/index.js";
import { listApps } from "../store/catalog/apps.js";
import { defaultStoreLocation } from "../store/default-location.js";
import { openStore, requireStoreFile, type Store } from "../store/open-store.js";
import type { StoreLocation } from "../store/store-location.js";
import { requireEnterableStorePath } from "../store/store-not-creatable-error.js";
import { isPostgresUrl, parseStoreUrl, requireStoreValue } from "../team/store-url.js";
import { StoreNotFoundError } from "./store-not-found-error.js";
import { storePathExcess } from "./store-path-limits.js";
import { StorePathSettingError } from "./store-path-setting-error.js";

/** Global options every command sees (declared once on the root program in `main.ts`). */
export interface GlobalOptions {
  /** Store file; overrides `RECOLLECT_DB` and the default data-directory path. */
  db?: string;
  /**
   * Where `db` came from when it is not `--db` itself: a `--store` or `RECOLLECT_STORE` that is a
   * path (set by {@link globalOptions}), so every error about the path names what was typed.
   */
  dbOrigin?: "--store" | "RECOLLECT_STORE";
  /**
   * `--store`: a team store's `postgres://` URL (`teamStoreFor`), or a store file path, which is
   * taken as `--db` (the two together are refused).
   */
  store?: string;
  /** Machine-readable output on stdout. */
  json?: boolean;
}

/**
 * The commands a team store's `postgres://` URL may be given to with `--store` (docs/TEAM.md):
 * they read history, which a team store holds. Every other command works on this machine's store
 * (import, sync, settings, …); given a team URL explicitly, it would quietly write the local one.
 */
const TEAM_STORE_COMMANDS: ReadonlySet<string> = new Set([
  "search",
  "read",
  "apps",
  "chats",
  "explore",
  "mcp",
  "serve",
  "server init",
  "server grant",
  "server revoke",
]);

/** {@link TEAM_STORE_COMMANDS} as an error names them. */
const TEAM_STORE_COMMAND_LIST = "search, read, apps, chats, explore, mcp, serve and server";

/** `command`'s words below the root program: "import", "apps rename", "settings set". */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}

/**
 * Reads the root program's global options from inside a subcommand's action. A `--store` that is
 * a path (no `postgres://` URL) is returned as `db` (`dbOrigin` `--store`); a `RECOLLECT_STORE`
 * path is, too (`dbOrigin` `RECOLLECT_STORE`), when neither flag nor `RECOLLECT_DB` names a store.
 * @throws InvalidInputError (`--store`) when `--store` and `--db` are both given, `--store` is a
 *   URL of another scheme, or a team store's URL is given to a command of the local store only
 *   (`RECOLLECT_STORE` set to one leaves those commands on the local store, as docs/TEAM.md says),
 *   or a team URL that is no PostgreSQL URL with a database; InvalidConfigurationError for such a
 *   `RECOLLECT_STORE` given to a command that reads history.
 */
export function globalOptions(
  command: Command,
  env: NodeJS.ProcessEnv = process.env,
): GlobalOptions {
  const options = command.optsWithGlobals<GlobalOptions>();
  const store =
    options.store === undefined ? undefined : requireStoreValue(options.store, "--store");
  const name = commandPath(command);
  if (store !== undefined && isPostgresUrl(store)) {
    if (!TEAM_STORE_COMMANDS.has(name)) {
      throw new InvalidInputError(
        "--store",
        `a store file path: \`${name}\` works on this machine's store (a team store's postgres:// URL is for ${TEAM_STORE_COMMAND_LIST}; push your chats to it with \`push --to URL\`)`,
        "got a postgres:// URL",
      );
    }
    // A team URL that cannot be one is refused before anything else is checked (Pro, the app).
    parseStoreUrl(store, "--store");
  }
  const teamFromEnv = env.RECOLLECT_STORE;
  if (
    store === undefined &&
    teamFromEnv &&
    isPostgresUrl(teamFromEnv) &&
    TEAM_STORE_COMMANDS.has(name)
  ) {
    parseStoreUrl(teamFromEnv, "RECOLLECT_STORE");
  }
  if (store !== undefined && !isPostgresUrl(store)) {
    if (options.db !== undefined) {
      throw new InvalidInputError("--store", "either --store or --db, not both", "got both");
    }
    return { ...options, db: store, dbOrigin: "--store" };
  }
  const fromEnv = env.RECOLLECT_STORE;
  if (
    store === undefined &&
    options.db === undefined &&
    !env.RECOLLECT_DB &&
    fromEnv &&
    !isPostgresUrl(requireStoreValue(fromEnv, "RECOLLECT_STORE"))
  ) {
    return { ...options, db: fromEnv, dbOrigin: "RECOLLECT_STORE" };
  }
  return options;
}

/** A path ending in a separator names a folder (`/tmp/stores/`), never a store file. */
const FOLDER_PATH = /[\\/]$/;

/** What a store path must be, as every refusal of one says. */
const STORE_FILE_PATH =
  "a store file path, e.g. /path/to/recollect.db (missing folders are created)";

/**
 * The store a command should use and where its path came from: `--db` (or a `--store` /
 * `RECOLLECT_STORE` path, `dbOrigin`), else `RECOLLECT_DB` (when set and not empty), else the
 * default location.
 * @throws InvalidInputError (the flag: `--db` or `--store`, exit 2) for an empty path or one
 *   ending in a path separator (a folder's path: a file of that name would be created) or too
 *   long for the file system with its companion files (`storePathExcess`); StoreNotCreatableError
 *   (`folder_not_enterable`, exit 4) for a path below a folder this user may not enter;
 *   StorePathSettingError (the variable, `precondition`, exit 4) for such a `RECOLLECT_DB` or
 *   `RECOLLECT_STORE`, or one of only spaces.
 */
export function storeLocationFor(options: GlobalOptions): StoreLocation {
  const location: StoreLocation =
    options.db !== undefined
      ? { path: options.db, origin: options.dbOrigin ?? "--db" }
      : defaultStoreLocation();
  const { path, origin } = location;
  const variable = origin === "RECOLLECT_DB" || origin === "RECOLLECT_STORE" ? origin : null;
  if (path.trim() === "") {
    if (variable !== null)
      throw new StorePathSettingError(variable, path, STORE_FILE_PATH, "only spaces");
    throw new InvalidInputError(origin, "a store file path", "got an empty path");
  }
  if (FOLDER_PATH.test(path)) {
    if (variable !== null) {
      throw new StorePathSettingError(variable, path, STORE_FILE_PATH, "a folder's path");
    }
    throw new InvalidInputError(
      origin,
      STORE_FILE_PATH,
      `got ${quotedValue(path)}, a folder's path`,
    );
  }
  const excess = storePathExcess(path);
  if (excess !== null) {
    if (variable !== null) throw new StorePathSettingError(variable, path, STORE_FILE_PATH, excess);
    throw new InvalidInputError(origin, STORE_FILE_PATH, `got ${quotedValue(path)}, ${excess}`);
  }
  if (path !== ":memory:") requireEnterableStorePath(location);
  return location;
}

/** The path of {@link storeLocationFor} (same errors). */
export function storePathFor(options: GlobalOptions): string {
  return storeLocationFor(options).path;
}

/**
 * Opens the store for a command that writes (import, sync, serve, …), creating it when there is
 * none yet. The caller closes it (prefer `using`).
 */
export function openCliStore(options: GlobalOptions): Store {
  return openStore(storeLocationFor(options));
}

/** `folder` and each of its ancestors that does not exist yet, deepest first. */
function missingFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let at = folder; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.push(at);
  return missing;
}

/** Removes each of `folders` (deepest first) while it is empty; one in use is left. Never throws. */
function removeEmptyFolders(folders: readonly string[]): void {
  try {
    for (const folder of folders) rmdirSync(folder);
  } catch {
    // Not empty (another process put something there) or already gone: left as it is.
  }
}

/** Options of {@link withCliStore}. */
export interface WithCliStoreOptions {
  /**
   * When a store this run created is removed again while it holds no app: `"failure"` (the
   * default) only when `work` throws; `"always"` also when it succeeds, for a command whose run
   * with nothing to write should leave nothing behind (an import of only excluded files).
   */
  readonly removeUnused?: "failure" | "always";
}

/**
 * Runs `work` on the store of a command that writes, creating the store when there is none yet,
 * and closes it afterwards. A command that fails leaves behind no store it created: when nothing
 * was at the path before and `work` throws while the new store still holds no app, the store's
 * files (the database, its `-wal` and `-shm`) and the folders made for it are removed before the
 * error is rethrown; with
 * `removeUnused: "always"` the same holds when `work` succeeds. A store that existed before, or
 * that the run (or another process) filled, is kept.
 */
export async function withCliStore<T>(
  options: GlobalOptions,
  work: (store: Store) => T | Promise<T>,
  { removeUnused = "failure" }: WithCliStoreOptions = {},
): Promise<T> {
  const location = storeLocationFor(options);
  const { path } = location;
  const created = !existsSync(path);
  const createdFolders = missingFolders(dirname(path));
  const store = openStore(location);
  const closeAndRemoveUnused = () => {
    const unused = created && listApps(store.db).length === 0;
    store.close();
    if (!unused) return;
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
    removeEmptyFolders(createdFolders);
  };
  try {
    const result = await work(store);
    if (removeUnused === "always") closeAndRemoveUnused();
    return result;
  } catch (error) {
    closeAndRemoveUnused();
    throw error;
  } finally {
    store.close();
  }
}

/**
 * Refuses, before anything is opened or created, a store path that holds no store yet, for
 * commands that only read.
 * @throws StoreNotFoundError (`not_found`, exit 3) naming the path and where it came from; the
 *   errors of `requireStoreFile()` for a path that is not a store.
 */
export function requireExistingCliStore(options: GlobalOptions): void {
  const location = storeLocationFor(options);
  if (requireStoreFile(location) === "new") {
    throw new StoreNotFoundError(location.path, location.origin);
  }
}

/**
 * Opens the existing store for a command that only reads (apps, chats, search, …): a path with
 * no store is refused and nothing is created there. The caller closes it (prefer `using`).
 * @throws StoreNotFoundError (see {@link requireExistingCliStore}).
 */
export function openExistingCliStore(options: GlobalOptions): Store {
  requireExistingCliStore(options);
  return openStore(storeLocationFor(options));
}

/** Writes a value as pretty JSON to stdout, with a trailing newline. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Where {@link setOutcomeExitCode} keeps its value: an option slot on the root program. */
const OUTCOME_EXIT_CODE_KEY = "outcomeExitCode";

/**
 * Sets the exit code of a command that succeeded but whose outcome class has its own code (e.g.
 * `explore`: 10 no_match, 11 partial). Stored on the root program, so no process-wide state.
 */
export function setOutcomeExitCode(command: Command, code: number): void {
  let root = command;
  while (root.parent) root = root.parent;
  root.setOptionValue(OUTCOME_EXIT_CODE_KEY, code);
}

/** The exit code a successful run should end with: 0 unless a command set an outcome code. */
export function outcomeExitCode(program: Command): number {
  const value: unknown = program.getOptionValue(OUTCOME_EXIT_CODE_KEY);
  return typeof value === "number" ? value : 0;
}

/**
 * The CLI's entitlement: the `entitlement` value of the settings file next to the store
 * (`recollect settings set entitlement pro`); absent means free. The built-in demo and eval
 * profiles do not use this: they are Pro by definition (issue 4).
 */
export function cliEntitlement(options: GlobalOptions): EntitlementProvider {
  return settingsEntitlement(settingsStoreForStorePath(storePathFor(options)));
}

/** True when the settings file next to the store says Pro. */
export function cliIsPro(options: GlobalOptions): boolean {
  return isProEntitlement(cliEntitlement(options));
}

/**
 * The error a CLI history command on the store at `storePath` throws without Pro: one line saying
 * what needs Pro and which settings file said it is off (Pro lives there, beside the store, so a
 * copied `.db` does not carry it), with the command that turns it on as its remedy — or, when the
 * store's folder is read-only and that command could not write there, saying so instead (exit 4
 * either way; `settings_path` under `--json`).
 */
export function proRequiredError(what: string, storePath: string): ProRequiredError {
  const settingsPath = settingsPathForStore(storePath);
  const where = settingsPath === null ? "" : ` in ${settingsPath}`;
  return settingsProRequiredError(
    `${what} requires Pro (entitlement is free${where}).`,
    settingsPath,
  );
}
