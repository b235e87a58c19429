import { InvalidInputError, TextTooLongError } from "../../errors/recollect-error.js";
import { boundedTextProblem } from "../../text/bounded-text.js";

/** The detail of a refusal of text that shows nothing. */
const INVISIBLE_DETAIL = "got only control or invisible characters";

/**
 * The error refusing `text` for `argument` (bound: 1 to `maxChars` characters of visible text;
 * `allowed` says so in the argument's words), or null when it fits: {@link TextTooLongError}
 * with the actual length and the limit, else an `InvalidInputError` saying, for text of only
 * control or invisible characters, that nothing in it shows. The caller trims first when its
 * bound applies after trimming, and throws what it gets.
 */
export function boundedTextError(
  argument: string,
  allowed: string,
  text: string,
  maxChars: number,
): InvalidInputError | null {
  const problem = boundedTextProblem(text, maxChars);
  if (problem === null) return null;
  if (problem.kind === "too_long") {
    return new TextTooLongError(argument, allowed, problem.length, problem.limit);
  }
  return new InvalidInputError(
    argument,
    allowed,
    problem.kind === "invisible" ? INVISIBLE_DETAIL : undefined,
  );
}
