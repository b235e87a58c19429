/**
 * A library's validation error in the words of the command line. The library names an input by
 * its field (`around_message_id`, `limit`, `port`); the person typed a flag (`--around`,
 * `--limit`, `--port`). The CLI says which flag each field came from, and a failure is re-raised
 * naming that flag, the library's own `allowed` text (its bounds, never restated here) and the text
 * that was typed. The mapping travels as data: the library's `argument` field, never its message.
 */
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";

/** Where one library field came from on the command line. */
export interface TypedFlag {
  /** The flag as the person types it, e.g. `--around`. */
  readonly flag: string;
  /** The text given to it; undefined when the flag was not given (the library's default applied). */
  readonly typed: string | undefined;
}

/** Library field name → the flag it came from. */
export type FlagTerms = Readonly<Record<string, TypedFlag>>;

/**
 * `error` re-raised under its flag: an InvalidInputError for a field in `terms` becomes one naming
 * the flag, with the same `allowed` and the typed text (else the library's detail); anything else
 * is returned unchanged.
 */
export function inFlagTerms(error: unknown, terms: FlagTerms): unknown {
  if (!(error instanceof InvalidInputError)) return error;
  const source = Object.hasOwn(terms, error.argument) ? terms[error.argument] : undefined;
  if (source === undefined) return error;
  // Without the typed text (a positional argument), the library's own detail stays.
  return source.typed === undefined
    ? error.withArgument(source.flag)
    : error.withArgument(source.flag, `got ${quotedValue(source.typed)}`);
}

/**
 * Runs `run` (sync or async) and re-raises its invalid-input failures under their flags
 * ({@link inFlagTerms}).
 */
export function runInFlagTerms<T>(terms: FlagTerms, run: () => T): T {
  let result: T;
  try {
    result = run();
  } catch (error) {
    throw inFlagTerms(error, terms);
  }
  if (result instanceof Promise) {
    return result.catch((error: unknown) => {
      throw inFlagTerms(error, terms);
    }) as T;
  }
  return result;
}
