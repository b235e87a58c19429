/**
 * Whether the first claim quotes the answer, not only its message (issue 28: "the answer first").
 * answer@1 checks that the first finding cites a gold message; a claim can still quote that
 * message's section title and miss the sentence that answers ("…Django vs staying on Fastify…"
 * where the message says "Django is not a good add-on"). Suites annotate the answer in one line
 * (coding-histories' `note`: "answer: …"); the answer's content words the question lacks are the
 * words a quote of the answer holds. Each question counts how many of them its first claim holds,
 * beside a baseline of the same length: the first finding's messages read from their first word
 * (what quoting each message's opening would show). Counts only, no archival text. Pure.
 */
import { contentWords } from "../suite/content-words.js";
import type { QuestionFacts } from "./question-facts.js";
import type { QuestionScore } from "./score-question.js";

/** Answer words of one question: how many there are, and how many two quotes of the same length hold. */
export interface AnswerWords {
  /** Content-word stems of the annotated answer the question lacks (≥ 1). */
  readonly words: number;
  /** Of those, how many the first finding's claim holds. */
  readonly inClaim: number;
  /** Of those, how many the opening of its messages holds, cut to the claim's length. */
  readonly inOpening: number;
}

/** A note annotating the answer: "answer: …" (coding-histories' README: `note` says what the answer is). */
const ANSWER_NOTE = /^\s*answer\s*:\s*(.+)$/is;

/** The annotated answer of a question's `note` ("answer: …" → "…"), or null when it annotates none. */
export function annotatedAnswer(note: string | undefined): string | null {
  return note?.match(ANSWER_NOTE)?.[1]?.trim() || null;
}

/**
 * Counts the answer's words (content-word stems of `answer` that `question` lacks, `contentWords`)
 * held by `claim` and by `opening` cut to `claim`'s length (UTF-16 units). Null when the answer has
 * no word the question lacks.
 */
export function countAnswerWords(
  answer: string,
  question: string,
  claim: string,
  opening: string,
): AnswerWords | null {
  const asked = contentWords(question);
  const words = [...contentWords(answer)].filter((word) => !asked.has(word));
  if (words.length === 0) return null;
  const inClaim = contentWords(claim);
  const inOpening = contentWords(opening.replace(/\s+/g, " ").slice(0, claim.length));
  return {
    words: words.length,
    inClaim: words.filter((word) => inClaim.has(word)).length,
    inOpening: words.filter((word) => inOpening.has(word)).length,
  };
}

/** A run's answer-word figures: mean shares in [0, 1] over {@link AnswerWordsSummary.questions}. */
export interface AnswerWordsSummary {
  /** Questions measured: answer@1 true and answer words counted. */
  readonly questions: number;
  /** Mean share of the answer's words the first claim holds; null when no question is measured. */
  readonly claim: number | null;
  /** The same for the baseline, the opening of the claim's messages at the claim's length. */
  readonly opening: number | null;
}

/**
 * Summarizes answer words over the questions whose first finding cites gold (`scores[i]` belongs to
 * `facts[i]`): elsewhere the claim quotes another message, which answer@1 already counts.
 */
export function summarizeAnswerWords(
  facts: readonly QuestionFacts[],
  scores: readonly QuestionScore[],
): AnswerWordsSummary {
  const measured = facts.flatMap((fact, i) =>
    scores[i]?.answerAt1 === true && fact.answerWords !== null ? [fact.answerWords] : [],
  );
  const mean = (pick: (words: AnswerWords) => number) =>
    measured.length === 0
      ? null
      : measured.reduce((sum, words) => sum + pick(words) / words.words, 0) / measured.length;
  return {
    questions: measured.length,
    claim: mean((words) => words.inClaim),
    opening: mean((words) => words.inOpening),
  };
}
