/**
 * The question's verbs: which of its keywords are a passive participle ("stored" in "how are
 * tasks stored?", "hosted" in "where is the dashboard hosted?") rather than its subject (the head
 * noun: "tasks", "dashboard"). In a passive question the subject is the topic: a message that
 * only shares the verb ("session repos are stored under …") is about something else. Active
 * questions ("how do we warn someone …", "how should we deploy?") keep their verb as the topic,
 * and so do choice questions (the verb there is the choosing). Pure, English only (other scripts
 * have no aspects, so nothing changes for them).
 */

/** A passive or perfect participle after a form of "be"/"get"/"have" earlier in the question. */
const AUXILIARY = /\b(?:is|are|was|were|be|been|being|get|gets|got|has|have|had)\b/i;
const PARTICIPLE = /^[a-z]{3,}(?:ed|en)$/;
/** "-ed"/"-en" words that are nouns or adjectives, not participles. */
const NOT_PARTICIPLES: ReadonlySet<string> = new Set(
  "speed seed feed need bed embed red shed token kitchen garden screen open even often children hidden golden women men linen oven dozen chicken citizen".split(
    " ",
  ),
);

/** Verbs of choosing ("what did we land on"): the decision itself, never an aspect to match. */
const CHOICE_VERBS: ReadonlySet<string> = new Set(
  "land landed decide decided choose chose chosen pick picked settle settled go went use used agree agreed opt opted select selected switch switched adopt adopted end ended want need".split(
    " ",
  ),
);

/**
 * The keywords of `question` that are its verbs, among `keywords` (lower-case, as
 * `topicWords` returns them). Empty when every keyword would be a verb: a question needs a
 * subject, and without one the verbs are the topic.
 */
export function questionAspects(question: string, keywords: readonly string[]): Set<string> {
  const lower = question.toLowerCase();
  const verbs = new Set<string>();
  const auxiliary = AUXILIARY.exec(lower);
  if (auxiliary) {
    const after = lower.slice(auxiliary.index + auxiliary[0].length);
    for (const word of after.match(/[a-z]+/g) ?? []) {
      if (PARTICIPLE.test(word) && !NOT_PARTICIPLES.has(word)) verbs.add(word);
    }
  }
  const aspects = new Set(
    keywords.filter((keyword) => verbs.has(keyword) && !CHOICE_VERBS.has(keyword)),
  );
  return aspects.size < keywords.length ? aspects : new Set();
}
