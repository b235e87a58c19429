/**
 * What an error suggests running to get past it, kept typed: each surface writes the command
 * with the words that run Recollect there (`recollect`, `npx recollect`, `node …/recollect.js`)
 * and the same store (`--db`), so a suggestion works as printed wherever it is read.
 */

/** One Recollect command that gets past a failure, e.g. turning Pro on. */
export interface Remedy {
  /**
   * The words after the program name, e.g. `["settings", "set", "entitlement", "pro"]`; a whole
   * word in angle brackets (`<paths…>`) is a placeholder the person fills in.
   */
  readonly args: readonly string[];
  /** When or why to run it: a clause that follows the command, e.g. "to list the apps". */
  readonly purpose: string;
  /**
   * False when the command must not run against the store that failed (it is not a store); the
   * surface then leaves its `--db` out. Default true.
   */
  readonly sameStore?: boolean;
}

/** Writes one remedy as the command line a person types where the error is shown. */
export type RemedyWriter = (remedy: Remedy) => string;

/**
 * The words of `remedy` as run by `program` (e.g. `["npx", "recollect"]`) on the store at
 * `dbPath` (`--db dbPath` before the command; none when `dbPath` is undefined or the remedy is
 * not for this store). Unquoted: the surface quotes them for its shell (`text/command-line.ts`).
 */
export function remedyWords(
  remedy: Remedy,
  program: readonly string[],
  dbPath: string | undefined,
): string[] {
  const db = dbPath !== undefined && remedy.sameStore !== false ? ["--db", dbPath] : [];
  return [...program, ...db, ...remedy.args];
}

/**
 * `error.message` followed by its remedies, each command written by `write`: "… Run `A` to x,
 * or `B` to y." The message alone when there are none.
 */
export function messageWithRemedies(
  error: { readonly message: string; readonly remedies: readonly Remedy[] },
  write: RemedyWriter,
): string {
  if (error.remedies.length === 0) return error.message;
  const commands = error.remedies.map((remedy) => `\`${write(remedy)}\` ${remedy.purpose}`);
  return `${error.message} Run ${commands.join(", or ")}.`;
}
