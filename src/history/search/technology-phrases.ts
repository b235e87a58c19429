/**
 * Technology names of two or more words that a question names word for word ("did we set up a
 * GitHub Actions workflow?" → "github actions"): each word alone may be everywhere in a history
 * ("github" in every path, "actions" in prose) while the thing itself was never discussed. The
 * names come from the same public taxonomy as kind names (`@specfy/stack-analyser`, ~740
 * developer technologies). Pure knowledge of names; whether an app holds one is the caller's
 * search.
 */
import { listTech } from "@specfy/stack-analyser/dist/common/techs.generated.js";

let phrases: readonly (readonly string[])[] | null = null;

/** Every technology name of ≥ 2 letter/number words, lower-case, as word lists (memoized). */
function technologyPhrases(): readonly (readonly string[])[] {
  phrases ??= listTech
    .map(({ name }) =>
      name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    )
    .filter((words) => words.length >= 2);
  return phrases;
}

/**
 * The multiword technology names `words` (a question's lower-case words, in order) holds as
 * consecutive words, each as its words joined by a space, in question order, deduplicated; a
 * name inside a longer named one is left out ("google cloud" inside "google cloud functions").
 * Pure; never throws.
 */
export function namedTechnologyPhrases(words: readonly string[]): string[] {
  const found: { start: number; words: readonly string[] }[] = [];
  for (const name of technologyPhrases()) {
    for (let start = 0; start + name.length <= words.length; start++) {
      if (name.every((word, i) => words[start + i] === word)) found.push({ start, words: name });
    }
  }
  const inside = (a: (typeof found)[number], b: (typeof found)[number]) =>
    a !== b &&
    b.words.length > a.words.length &&
    a.start >= b.start &&
    a.start + a.words.length <= b.start + b.words.length;
  const kept = found
    .filter((item) => !found.some((other) => inside(item, other)))
    .sort((a, b) => a.start - b.start);
  return [...new Set(kept.map((item) => item.words.join(" ")))];
}
