/**
 * The words a person types to run this Recollect again, for the follow-up commands the CLI prints
 * (`$ recollect read …` under each evidence target) and the commands every error suggests, whether
 * a person at a shell or an agent host started it (`recollect mcp`): one rule, so every remedy of
 * one run names the same program.
 */
import { accessSync, constants, existsSync, readFileSync, realpathSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** This package's executable (`bin/recollect.js`), resolved. */
const OWN_BIN = fileURLToPath(new URL("../../bin/recollect.js", import.meta.url));

/** `path` with links resolved, or null when it does not exist or is not executable. */
function executableAt(path: string): string | null {
  try {
    accessSync(path, constants.X_OK);
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** `path` with links resolved, or `path` itself when it cannot be resolved. */
function resolvedPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * A PATH folder npm adds only for the process it starts (`npx`, `npm start`, `npm run`): a
 * project's `node_modules/.bin` or npx's cache. A `recollect` found there runs only inside that
 * process, not in the person's shell afterwards, so it does not count as being on PATH.
 */
function isNpmRunFolder(folder: string): boolean {
  return /[\\/]node_modules[\\/]\.bin[\\/]?$/.test(folder) || /[\\/]_npx[\\/]/.test(folder);
}

/**
 * True when the first `recollect` on `env.PATH`, outside the folders npm adds for the run itself
 * ({@link isNpmRunFolder}), resolves to `ownBin` (a global install or `npm link` of this copy).
 */
function ownBinIsOnPath(env: NodeJS.ProcessEnv, ownBin: string): boolean {
  const own = executableAt(ownBin) ?? ownBin;
  for (const folder of (env.PATH ?? "").split(delimiter)) {
    if (folder === "" || isNpmRunFolder(folder)) continue;
    const found = executableAt(join(folder, "recollect"));
    if (found !== null) return found === own;
  }
  return false;
}

/** `folder` and each folder above it, nearest first. */
function* foldersUp(folder: string): Generator<string> {
  let current = resolve(folder);
  for (;;) {
    yield current;
    const parent = dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** The `recollect` entry of the `bin` field of `folder/package.json`, resolved; null without one. */
function packageBinIn(folder: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
      name?: unknown;
      bin?: unknown;
    };
    const { bin } = manifest;
    const entry =
      typeof bin === "string" && manifest.name === "recollect"
        ? bin
        : typeof bin === "object" && bin !== null
          ? (bin as Record<string, unknown>).recollect
          : undefined;
    return typeof entry === "string" ? resolvedPath(join(folder, entry)) : null;
  } catch {
    return null;
  }
}

/**
 * True when `npx recollect` typed in `cwd` runs `ownBin` without asking the registry, as npm 7+'s
 * `npm exec` resolves a bare command: the project folder (the nearest folder at or above `cwd`
 * holding a `package.json` or `node_modules`, npm's local prefix) whose own `bin` names
 * `recollect` (this checkout), else the first `node_modules/.bin/recollect` at or above it (a
 * project that installed this copy). Recollect is not on the registry, so anything else fails.
 */
function npxRunsOwnBin(cwd: string, ownBin: string): boolean {
  const own = resolvedPath(ownBin);
  let prefix = resolve(cwd);
  for (const folder of foldersUp(cwd)) {
    if (existsSync(join(folder, "package.json")) || existsSync(join(folder, "node_modules"))) {
      prefix = folder;
      break;
    }
  }
  const projectBin = packageBinIn(prefix);
  if (projectBin !== null) return projectBin === own;
  for (const folder of foldersUp(prefix)) {
    const linked = join(folder, "node_modules", ".bin", "recollect");
    if (existsSync(linked)) return resolvedPath(linked) === own;
  }
  return false;
}

/**
 * The words that run this Recollect where the person is (`cwd`, the folder the command or the
 * agent host ran in): `["recollect"]` when the first `recollect` on `env.PATH`, outside the
 * folders npm adds for the run itself ({@link isNpmRunFolder}), resolves to `ownBin` (a global
 * install or `npm link` of this copy); else `["npx", "recollect"]` when that runs this copy from
 * `cwd` (the checkout, or a project that installed it: {@link npxRunsOwnBin}); else `["node",
 * <this copy's bin, absolute>]`, which runs from any folder (`npx recollect` would look the name
 * up on the registry, where Recollect is not published).
 */
export function recollectInvocation(
  env: NodeJS.ProcessEnv,
  cwd: string = process.cwd(),
  ownBin: string = OWN_BIN,
): readonly string[] {
  if (ownBinIsOnPath(env, ownBin)) return ["recollect"];
  if (npxRunsOwnBin(cwd, ownBin)) return ["npx", "recollect"];
  return ["node", resolvedPath(ownBin)];
}
