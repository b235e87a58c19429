/** Strict integer parsing for CLI options (commander hands over raw strings). */
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError } from "../../errors/recollect-error.js";

/**
 * Parses `value` of option `name` as a base-10 integer; range checks stay with the library
 * function that owns the bound. Undefined passes through.
 *
 * @throws InvalidInputError naming the option when the text is not an integer, or is one beyond
 *   ±`Number.MAX_SAFE_INTEGER` (no option takes one, and it would not be read exactly): the
 *   detail then says which bound it passes.
 */
export function parseIntegerOption(
  name: string,
  value: string | undefined,
  allowed: string,
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^[+-]?\d+$/.test(text)) {
    throw new InvalidInputError(name, allowed, `got ${quotedValue(value)}`);
  }
  const number = Number(text);
  if (!Number.isSafeInteger(number)) {
    throw new InvalidInputError(
      name,
      allowed,
      number > 0
        ? `got ${quotedValue(value)}, larger than ${Number.MAX_SAFE_INTEGER}`
        : `got ${quotedValue(value)}, smaller than -${Number.MAX_SAFE_INTEGER}`,
    );
  }
  return number;
}

/** What an id option allows: SQLite rowids start at 1. */
export const ID_ALLOWED = "a positive integer";

/**
 * Parses `value` of option `name` (e.g. `--chat`) as a record id: a positive integer. Undefined
 * passes through. An id of 0, a negative or a fractional number is a typing error, not a record
 * that happens to be missing, so it is refused here (exit 2) rather than looked up (exit 3).
 *
 * @throws InvalidInputError naming the option, `allowed` "a positive integer `what` id".
 */
export function parseIdOption(
  name: string,
  value: string | undefined,
  what: string,
): number | undefined {
  const allowed = `${ID_ALLOWED} ${what} id`;
  const id = parseIntegerOption(name, value, allowed);
  if (id !== undefined && id < 1)
    throw new InvalidInputError(name, allowed, `got ${quotedValue(value ?? "")}`);
  return id;
}
