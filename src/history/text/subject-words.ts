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

/** One word of a question as the tagger read it: its lower-case letter and digit runs, its tags. */
interface TaggedWord {
  readonly parts: readonly string[];
  readonly tags: readonly string[];
}

/**
 * The words of `question`, in order, each with its tags and the runs of letters and digits of its
 * written form and root ("book's" → "book", "s"; "in-browser" → "in", "browser"). Empty when the
 * tagger fails; never throws.
 */
function taggedWords(question: string): TaggedWord[] {
  let sentences: unknown;
  try {
    sentences = loadTagger()(question).json();
  } catch {
    return [];
  }
  const words: TaggedWord[] = [];
  for (const sentence of Array.isArray(sentences) ? sentences : []) {
    const terms: unknown = (sentence as { terms?: unknown })?.terms;
    for (const term of (Array.isArray(terms) ? terms : []) as TaggedTerm[]) {
      const tags = Array.isArray(term.tags)
        ? term.tags.filter((tag) => typeof tag === "string")
        : [];
      const parts = new Set<string>();
      for (const form of [term.normal, term.machine]) {
        if (typeof form !== "string") continue;
        // "in-browser", "opt-in": the index splits them where the tagger does not.
        for (const [part] of form.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) parts.add(part);
      }
      words.push({ parts: [...parts], tags });
    }
  }
  return words;
}

/**
 * The lower-case words of `question` tagged as naming a subject, as the runs of letters and
 * digits of each one's written form and root ("book's" → "book", "s"; "in-browser" → "in",
 * "browser"). Never throws: a tagger failure leaves the set empty.
 */
export function subjectWordsOf(question: string): Set<string> {
  return new Set(
    taggedWords(question)
      .filter(({ tags }) => namesSubject(tags))
      .flatMap(({ parts }) => parts),
  );
}

/**
 * Pairs of neighbouring words of `question` inside one noun phrase, lower-case, in the question's
 * order: both name a subject ({@link namesSubject}) or the first is an adjective before one that
 * does ("dark mode", "rate limiting", "user onboarding"; not "abandon Kafka", a verb and its
 * object). Together they name one thing that either word alone does not. Never throws.
 */
export function nounPhrasePairs(question: string): [string, string][] {
  const words = taggedWords(question);
  const pairs: [string, string][] = [];
  words.forEach((word, i) => {
    const next = words[i + 1];
    if (next === undefined || !namesSubject(next.tags)) return;
    if (!namesSubject(word.tags) && !word.tags.includes("Adjective")) return;
    for (const first of word.parts) for (const second of next.parts) pairs.push([first, second]);
  });
  return pairs;
}
