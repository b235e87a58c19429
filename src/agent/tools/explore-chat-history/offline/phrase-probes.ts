/**
 * Phrase probes: a yes/no question that names a technology of several words ("did we set up a
 * GitHub Actions workflow?") asks whether that thing happened, while each of its words alone may
 * be everywhere in the history ("github" in every path). One search of the name (its words plus
 * the whole name as a phrase, which search ranks first where it occurs) tests presence: when no
 * message it returns says the words together, the app never names the thing, and the name counts
 * as an absent word (`evidence-strength.ts`). Pure.
 */
import { namedTechnologyPhrases } from "../../../../history/search/technology-phrases.js";
import { escapeRegExp } from "../../../../text/escape-reg-exp.js";
import { YES_NO_QUESTION } from "./policy-parameters.js";
import type { Observation, SearchRun } from "./run-state.js";

/** The multiword technology names a yes/no `question` names, lower-case; none for another question. */
export function questionPhrases(question: string): string[] {
  if (!YES_NO_QUESTION.test(question)) return [];
  return namedTechnologyPhrases(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** `text` says the words of `phrase` together, in order, with only non-letters between them. */
function says(text: string, phrase: string): boolean {
  const words = phrase.split(" ").map(escapeRegExp);
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${words.join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])`,
    "iu",
  ).test(text);
}

/**
 * The phrases of `question` whose probe (a later search whose query is the phrase) returned no
 * observation saying it, in question order. A phrase not yet probed is not absent.
 */
export function absentPhrases(
  question: string,
  searches: readonly SearchRun[],
  observations: readonly Observation[],
): string[] {
  const byId = new Map(observations.map((item) => [item.candidateId, item]));
  return questionPhrases(question).filter((phrase) => {
    const probe = searches.find((run, i) => i > 0 && run.query === phrase);
    if (probe === undefined) return false;
    return !probe.ranked.some((id) => says(byId.get(id)?.text ?? "", phrase));
  });
}
