/**
 * "Did you mean" for a name that is no typo but a part or an extension of the right one: an
 * argument called `message_id` where the tool takes `around_message_id`, or `chat` for `chat_id`.
 * Edit distance (`edit-distance.ts`) misses these, since the missing word is many edits away;
 * comparing the names' words finds them. Pure.
 */

/**
 * The words of an identifier, lower-cased: split at `_`, `-`, `.`, spaces and lower-to-upper
 * camel-case steps (`aroundMessageId` and `around_message_id` → `around`, `message`, `id`).
 * Empty parts are dropped.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_.-]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

/** True when every word of `part` is among `whole`'s. */
function allAmong(part: readonly string[], whole: ReadonlySet<string>): boolean {
  return part.every((word) => whole.has(word));
}

/**
 * The one candidate whose words contain all of `typed`'s, or whose words `typed` contains all of
 * (`message_id` → `around_message_id`; `max_limit` → `limit`), or null when no candidate or more
 * than one does (`id` with both `chat_id` and `around_message_id`: no guess), or `typed` has no
 * words. Case, separators and camel case do not matter ({@link nameWords}).
 */
export function nameSharingWords(typed: string, candidates: readonly string[]): string | null {
  const typedWords = nameWords(typed);
  if (typedWords.length === 0) return null;
  const typedSet = new Set(typedWords);
  const matches = candidates.filter((candidate) => {
    const words = nameWords(candidate);
    return words.length > 0 && (allAmong(typedWords, new Set(words)) || allAmong(words, typedSet));
  });
  return matches.length === 1 ? (matches[0] as string) : null;
}
