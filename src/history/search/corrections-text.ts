/**
 * How a person is told which words a search used in place of the ones they typed: "colors for
 * colours, auth for authentication". One wording for `recollect explore` and `recollect search`.
 */
import type { SpellingCorrection } from "../types.js";

/** `corrections` as "`to` for `from`" joined by ", "; "" when there are none. Pure. */
export function correctionsText(corrections: readonly SpellingCorrection[]): string {
  return corrections.map(({ from, to }) => `${to} for ${from}`).join(", ");
}
