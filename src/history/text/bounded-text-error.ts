import { InvalidInputError, TextTooLongError } from "../../errors/recollect-error.js";
import { boundedTextProblem, hasWord } from "../../text/bounded-text.js";

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

/** The detail of a refusal of text with nothing to search for. */
export const NO_WORD_DETAIL = "got no letter or digit to search for";

/**
 * The error refusing `text` for `argument` when it holds no letter or digit (`hasWord`): a
 * person's question or search of only punctuation or symbols ("?!", "🔥") finds nothing, and is
 * refused as a usage error rather than answered "no match". Null when it has one.
 */
export function wordlessTextError(
  argument: string,
  allowed: string,
  text: string,
): InvalidInputError | null {
  return hasWord(text) ? null : new InvalidInputError(argument, allowed, NO_WORD_DETAIL);
}
