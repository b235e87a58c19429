/**
 * The words a person types to run this Recollect again, for the follow-up commands the CLI prints
 * (`$ recollect read …` under each evidence target) and the commands its errors suggest. `recollect` alone only when that name on PATH
 * is this very program; otherwise `npx recollect`, which runs this checkout's or this project's own
 * bin from the folder `npm start` / `npx tsx src/cli/main.ts` run in (npm resolves the package's own
 * name to its `bin` without the registry) — so a command printed after `npm start` works as shown.
 */
import { accessSync, constants, realpathSync } from "node:fs";
import { delimiter, join } from "node:path";
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

/**
 * `["recollect"]` when the first `recollect` on `env.PATH`, outside the folders npm adds for the
 * run itself ({@link isNpmRunFolder}), resolves to `ownBin` (a global install or `npm link` of
 * this copy), else `["npx", "recollect"]`: for a person at a shell in the checkout or project.
 */
export function recollectInvocation(
  env: NodeJS.ProcessEnv,
  ownBin: string = OWN_BIN,
): readonly string[] {
  return ownBinIsOnPath(env, ownBin) ? ["recollect"] : ["npx", "recollect"];
}

/**
 * The words that run this Recollect from any folder: `["recollect"]` as above, else `["node",
 * <this copy's bin, absolute>]`. For `recollect mcp`, which an agent host starts (from a global
 * install, npx's cache or a checkout's `bin/recollect.js`, README § Use it from your agent): the
 * person reading its errors is in some project, where `npx recollect` would look the name up on
 * the registry, where Recollect is not published.
 */
export function anywhereInvocation(
  env: NodeJS.ProcessEnv,
  ownBin: string = OWN_BIN,
): readonly string[] {
  if (ownBinIsOnPath(env, ownBin)) return ["recollect"];
  let resolved = ownBin;
  try {
    resolved = realpathSync(ownBin);
  } catch {
    // A bin that cannot be resolved is named as given.
  }
  return ["node", resolved];
}
