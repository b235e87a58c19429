/**
 * Which paths the person keeps out of Recollect: `--exclude GLOB…` on `import` (and `sync`) plus the
 * `exclude` settings list. One matcher for every command that reads histories from disk, so a path
 * excluded once is excluded everywhere. Globs are matched by picomatch (dotfiles included).
 */

import { homedir } from "node:os";
import { basename, dirname, isAbsolute, resolve } from "node:path";
import picomatch from "picomatch";
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";

/** A compiled set of exclusion globs. */
export interface PathExclusion {
  /** The globs as given, in order (for reports). */
  readonly globs: readonly string[];
  /**
   * True when `path` (absolute, or relative to the working directory given at creation) or any
   * folder above it matches one of the globs. A glob without `/` is matched against each name on
   * the path (`secret-client`, `*.draft.md`); a glob with `/` against the whole absolute path (one
   * starting with `**` matches anywhere; `~/work/acme` is that folder and everything in it).
   */
  excludes(path: string): boolean;
}

/** Where relative and `~` globs are anchored; tests pass their own. */
export interface ExclusionAnchors {
  /** The working directory relative globs (`./x`, `notes/*.md`) are resolved against. */
  readonly cwd: string;
  /** The home folder `~/` stands for. */
  readonly home: string;
}

/**
 * Compiles `globs`. `argument` names where they came from in errors (`--exclude`, `exclude`).
 *
 * @throws InvalidInputError (`argument`) for an empty glob, a negated one (`!x`: an exclusion
 *   list cannot re-include), or one whose `[ ]`, `{ }` or `( )` do not balance (picomatch would
 *   otherwise read `[` as a literal and match something the person did not mean).
 */
export function createPathExclusion(
  globs: readonly string[],
  argument: string,
  anchors: ExclusionAnchors = { cwd: process.cwd(), home: homedir() },
): PathExclusion {
  const matchers = globs.map((glob) => compile(glob, argument, anchors));
  return {
    globs: [...globs],
    excludes(path) {
      if (matchers.length === 0) return false;
      for (let current = resolve(anchors.cwd, path); ; current = dirname(current)) {
        if (matchers.some((matcher) => matcher(current))) return true;
        if (dirname(current) === current) return false;
      }
    },
  };
}

/** One exclusion holding the globs of all `exclusions` (a settings list plus `--exclude`). */
export function combineExclusions(...exclusions: readonly PathExclusion[]): PathExclusion {
  return {
    globs: exclusions.flatMap((exclusion) => exclusion.globs),
    excludes: (path) => exclusions.some((exclusion) => exclusion.excludes(path)),
  };
}

/** An exclusion that excludes nothing. */
export const NO_EXCLUSION: PathExclusion = createPathExclusion([], "exclude", {
  cwd: "/",
  home: "/",
});

function compile(
  glob: string,
  argument: string,
  anchors: ExclusionAnchors,
): (absolutePath: string) => boolean {
  const trimmed = glob.trim();
  if (trimmed === "") throw new InvalidInputError(argument, "non-empty globs", "got an empty one");
  if (trimmed.startsWith("!")) {
    throw new InvalidInputError(
      argument,
      "globs of paths to leave out (no `!` negation)",
      `got ${quotedValue(trimmed)}`,
    );
  }
  if (!trimmed.includes("/")) {
    const matchName = globMatcher(trimmed, trimmed, argument);
    return (absolutePath) => matchName(basename(absolutePath));
  }
  const anchored = trimmed.startsWith("~/")
    ? resolve(anchors.home, trimmed.slice(2))
    : isAbsolute(trimmed) || trimmed.startsWith("**")
      ? trimmed
      : resolve(anchors.cwd, trimmed);
  const matchPath = globMatcher(anchored.replace(/\/+$/, ""), trimmed, argument);
  return (absolutePath) => matchPath(absolutePath);
}

/** What a glob may hold, for the error of one that does not compile. */
const VALID_GLOB = "globs whose [ ], { } and ( ) balance (write \\[ for a literal bracket)";

function globMatcher(pattern: string, given: string, argument: string): (path: string) => boolean {
  try {
    return picomatch(pattern, { dot: true, strictBrackets: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split(" - ")[0] : "does not compile";
    throw new InvalidInputError(argument, VALID_GLOB, `${given}: ${reason}`);
  }
}
