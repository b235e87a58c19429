/**
 * The gaps a report names: of the question's words the app never holds (`absentWords`), those
 * that name what the question is about. "The history never mentions: turned" (for "what turned
 * out to be the cause …?") says nothing a reader can use; "never mentions: Stripe" does. Pure but
 * for the tagger's one-time load (`subject-words.ts`).
 */
import { subjectWordsOf } from "../../../../history/text/subject-words.js";
import { familyZipf } from "../../../../history/text/word-frequency.js";
import type { OfflineParameters } from "./policy-parameters.js";

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * `absent` (question order, as `absentWords` gives it) less the everyday words: a word stays when
 * it names a thing (family Zipf below `yesNoAbsentZipf`, "pdf", "cv", "lithium": the tagger can
 * misread a name, "CV" as a Roman numeral) or when `question` uses it as a noun
 * (`subjectWordsOf`: "the lithium fuel mix", "a new book's structure") and it is rarer than
 * `commonWordZipf`, the bar below which evidence strength counts a missing word at all
 * ("people", 6.1, is missing from histories about anything). A phrase (a technology name of
 * several words) and a word the question does not spell as given (a respelled one) stay.
 * The three dev sets' gap lists, 2026-12-06: 71 of 155 words dropped ("brought", "five",
 * "turned", "put", "hold", "trouble", "large", "people"); the one name among them is "bank" (the
 * tagger read "bank aggregator" as a verb and the word is everyday English).
 */
export function gapWords(
  absent: readonly string[],
  question: string,
  { yesNoAbsentZipf, commonWordZipf }: OfflineParameters,
): string[] {
  const asked = new Set(question.toLowerCase().match(WORD) ?? []);
  const everyday = absent.filter((word) => !word.includes(" ") && asked.has(word.toLowerCase()));
  if (everyday.length === 0) return [...absent];
  const nouns = subjectWordsOf(question);
  return absent.filter((word) => {
    if (!everyday.includes(word)) return true;
    const zipf = familyZipf(word);
    return zipf < yesNoAbsentZipf || (nouns.has(word.toLowerCase()) && zipf < commonWordZipf);
  });
}
