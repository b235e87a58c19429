/** Strict integer parsing for CLI options (commander hands over raw strings). */
import { InvalidInputError } from "../../errors/recollect-error.js";

/**
 * Parses `value` of option `name` as a base-10 integer; range checks stay with the library
 * function that owns the bound. Undefined passes through.
 *
 * @throws InvalidInputError naming the option when the text is not an integer.
 */
export function parseIntegerOption(
  name: string,
  value: string | undefined,
  allowed: string,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[+-]?\d{1,15}$/.test(value.trim())) {
    throw new InvalidInputError(name, allowed, `got ${JSON.stringify(value)}`);
  }
  return Number(value.trim());
}
