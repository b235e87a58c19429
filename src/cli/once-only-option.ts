import { InvalidInputError } from "../errors/recollect-error.js";

/**
 * A commander value parser for an option that may be given once (`--db`, `--store`, `--app`):
 * commander keeps the last of repeated values, so `--db a.db --db b.db` would silently use `b.db`
 * though the two may name different stores. The second occurrence is refused instead, naming
 * `flag`, with `allowed` (what the option takes, once) and that it was repeated (`why`: what a run
 * has one of); the values are not repeated (a `--store` URL may hold a password).
 * @returns the parser: `(value, previous) => value`.
 * @throws InvalidInputError (exit 2), from the parser, when `previous` is set.
 */
export function onceOnly(
  flag: string,
  allowed: string,
  why = "a run uses one store",
): (value: string, previous: string | undefined) => string {
  return (value, previous) => {
    if (previous !== undefined) {
      throw new InvalidInputError(flag, allowed, `given more than once; ${why}`);
    }
    return value;
  };
}

/**
 * The parser of every command's `--app`: `--app a --app b` would otherwise work on `b` alone, and
 * which app's history a run reads is never left to the order of the flags.
 */
export const onceOnlyApp = onceOnly("--app", "one app name", "a run works on one app");
