/**
 * Which words of a question name what it is about: its nouns. "What turned out to be the cause
 * of …?" asks about a cause, not about turning; "how do we stop bots from hammering the signup?"
 * about bots and a signup. Part-of-speech tags come from `compromise` (its `two` build: a
 * rule-based English tagger whose lexicon ships inside the npm package, no network), read as the
 * question uses each word, so "mix" in "the lithium fuel mix" is a noun and "put" in "where did we
 * put …" a verb.
 */
import { createRequire } from "node:module";
import type nlpType from "compromise/two";

type Tagger = typeof nlpType;

let tagger: Tagger | null = null;

/**
 * The tagger, loaded on a process's first call (≈ 0.3 s once: its lexicon is compiled then; later
 * questions take ≈ 1 ms each), so a command that never asks pays nothing.
 */
function loadTagger(): Tagger {
  tagger ??= createRequire(import.meta.url)("compromise/two") as Tagger;
  return tagger;
}

/** One tagged word of a parse: compromise's `json()` term. */
interface TaggedTerm {
  readonly normal?: unknown;
  readonly machine?: unknown;
  readonly tags?: unknown;
}

/**
 * Tags that make a word a subject term: a noun (common or proper, an acronym) or a gerund, which
 * developers use as one ("which hosting provider", "what caching did we add"). A pronoun is a
 * noun to the tagger and names nothing.
 */
function namesSubject(tags: readonly string[]): boolean {
  if (tags.includes("Pronoun")) return false;
  return tags.includes("Noun") || tags.includes("Gerund");
}

/**
 * The lower-case words of `question` tagged as naming a subject, as the runs of letters and
 * digits of each one's written form and root ("book's" → "book", "s"; "in-browser" → "in",
 * "browser"). Never throws: a tagger failure leaves the set empty.
 */
export function subjectWordsOf(question: string): Set<string> {
  const words = new Set<string>();
  let sentences: unknown;
  try {
    sentences = loadTagger()(question).json();
  } catch {
    return words;
  }
  for (const sentence of Array.isArray(sentences) ? sentences : []) {
    const terms: unknown = (sentence as { terms?: unknown })?.terms;
    for (const term of (Array.isArray(terms) ? terms : []) as TaggedTerm[]) {
      const tags = Array.isArray(term.tags)
        ? term.tags.filter((tag) => typeof tag === "string")
        : [];
      if (!namesSubject(tags)) continue;
      for (const form of [term.normal, term.machine]) {
        if (typeof form !== "string") continue;
        // "in-browser", "opt-in": the index splits them where the tagger does not.
        for (const [part] of form.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) words.add(part);
      }
    }
  }
  return words;
}
