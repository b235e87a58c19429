/**
 * Evidence strength (abstention and confidence, `bench/calibrate-abstention.ts`): how strongly the
 * best message is about each subject term, less a share when the app lacks a rare one. Pure.
 */
import { extractTerms } from "../../../../history/search/extract-terms.js";
import { kindsAsked } from "../../../../history/search/kind-names.js";
import { hasCjk } from "../../../../history/text/cjk.js";
import { nounPhrasePairs } from "../../../../history/text/subject-words.js";
import { familyZipf } from "../../../../history/text/word-frequency.js";
import {
  NAME_REQUEST,
  type OfflineParameters,
  SUMMARY_REQUEST,
  YES_NO_QUESTION,
} from "./policy-parameters.js";
import type { QueryModel } from "./query-model.js";
import type { Ranking } from "./rank-evidence.js";
import { valuesOf } from "./revision.js";
import type { SearchRun } from "./run-state.js";
import {
  type Bm25Options,
  type PoolStats,
  saturationConstant,
  type TermVector,
} from "./score-messages.js";

/**
 * The question terms that count: CJK bigrams unseen in the pool are skipped (unsegmented text
 * makes bigrams across word boundaries, 对账任务 → 账任, which say nothing about the answer).
 */
function countedTerms(question: QueryModel, stats: PoolStats): string[] {
  return [...question.weights.keys()].filter((term) => stats.df.has(term) || !hasCjk(term));
}

/**
 * Saturated coverage (0 to < 1) of the counted question terms by `vector` (a message with its chat
 * title): the mean of bm25's tf saturation tf / (tf + k1·(1−b+b·|d|/avgdl)) (Robertson & Zaragoza
 * 2009, over its ceiling), so a term said once in passing (≈ 0.45) counts less than one repeated
 * or in the title. Unweighted: pool idf separated absent questions worse (AUC, both dev sets).
 */
export function coverage(
  vector: TermVector,
  question: QueryModel,
  stats: PoolStats,
  options: Bm25Options,
): number {
  const terms = countedTerms(question, stats);
  const norm = saturationConstant(vector, stats, options);
  const saturation = (tf: number) => tf / (tf + norm);
  const sum = terms.reduce((total, term) => total + saturation(vector.tf.get(term) ?? 0), 0);
  return terms.length === 0 ? 0 : sum / terms.length;
}

/**
 * Subject words no observed message or chat title holds (one held only as the first part of a
 * compound, "data" for "database", is not held: `Ranking.compoundOnly`), ≤ `limit`: the names
 * `question` capitalises mid-sentence first (`valuesOf`), then the rarest in everyday English
 * (`familyZipf`), question order among equals; never a word that asked about a kind the app names
 * things of (`Ranking.kindTerms`).
 */
export function probeWords(ranking: Ranking, limit: number, question = ""): string[] {
  const names = [...valuesOf(question)];
  // Never "summarize": it asks for a form of answer, as "decide" does; its absence proves nothing.
  return (
    countedTerms(ranking.subject, ranking.stats)
      .filter(
        (term) =>
          (!ranking.stats.df.has(term) || ranking.compoundOnly.has(term)) &&
          !ranking.titleTerms.has(term),
      )
      // A kind word the app never says, though it names things of that kind, is no absent subject.
      .filter((term) => !ranking.kindTerms.has(term))
      .map((term) => ranking.subject.words.get(term) ?? term)
      .filter((word) => !SUMMARY_REQUEST.test(word))
      // Names, then the rarest: with `limit` probes, "Stripe" and "Paddle" tell more of absence
      // than "payment" (a newcomer's "which payment provider …, Stripe or Paddle?" probed neither).
      .map((word, at) => ({ word, at, name: names.includes(word), zipf: familyZipf(word) }))
      .sort((a, b) => Number(b.name) - Number(a.name) || a.zipf - b.zipf || a.at - b.at)
      .map(({ word }) => word)
      .slice(0, limit)
  );
}

/**
 * A probe: a later search of one subject word or of one of the question's technology `phrases`
 * (`phrase-probes.ts`); it tests presence and ranks nothing.
 */
export function isProbe(
  search: SearchRun,
  index: number,
  subject: QueryModel,
  phrases: readonly string[] = [],
): boolean {
  const probed = [...subject.words.values(), ...phrases];
  return index > 0 && probed.includes(search.query);
}

/**
 * Subject words a probe in `searches` found nowhere in the app, in {@link probeWords}' order (the
 * names `question` capitalises first), then the technology names its phrase probes found said
 * nowhere (`Ranking.absentPhrases`).
 */
export function absentWords(
  ranking: Ranking,
  searches: readonly SearchRun[],
  question = "",
): string[] {
  const empty = searches.filter((run, i) => !run.ranked.length && isProbe(run, i, ranking.subject));
  const words = probeWords(ranking, Infinity, question).filter((word) =>
    empty.some((run) => run.query === word),
  );
  return [...words, ...ranking.absentPhrases];
}

/**
 * The question lists subjects (`listItems`: "auth, the database and Kubernetes") and the messages
 * the run observed hold every subject word of one of them (the pool's `stats`; a word the app says
 * only in some turn never read answers no item): the question is partly answerable, so a word
 * another item lacks is a gap to report, not proof that the whole question has no answer. With
 * `counts`, the held item must also have a word that passes it. Measured: coding-histories
 * abstention 0.875 → 1.00 ("did we add PDF or Word export?"), every other dev figure unchanged.
 */
function answersAnItem(
  ranking: Ranking,
  absent: readonly string[],
  counts: (word: string) => boolean = () => true,
): boolean {
  const { subject, items } = ranking;
  const word = (term: string) => subject.words.get(term) ?? term;
  // Held where the run looked, not only somewhere in the app: "subscriptions" said once about
  // storage events answers nothing of "did we add Stripe payments or subscriptions?".
  const held = (term: string) => !absent.includes(word(term)) && ranking.stats.df.has(term);
  return (
    items.length >= 2 &&
    items.some((item) => item.every(held) && item.some((term) => counts(word(term))))
  );
}

/**
 * An `absent` word of `question` and a `held` one are neighbours in one noun phrase
 * (`nounPhrasePairs`: "dark mode", "rate limiting"): the two name one thing, and the held word
 * alone names another (a build "mode", a "rate" of decay), so the best message's cover of it is no
 * paraphrase of the question (one-word set: "what did we decide about dark mode?" of an app that
 * never says "dark" cited turns about other modes). A verb and its object ("abandon Kafka") are
 * no such pair. Nor is an absent noun that ends its phrase after held words ("logging library",
 * "email service"): it names the kind of thing asked for about a topic the history discusses, and
 * such histories name the thing instead ("NLog", "Resend"; a newcomer's "which logging library do
 * we use?" abstained on "never mentions: library"). Pure but for the tagger's one-time load.
 */
function modifiesHeldWord(
  question: string,
  absent: readonly string[],
  held: readonly string[],
): boolean {
  const pairs = nounPhrasePairs(question);
  const endsPhrase = (word: string) => !pairs.some(([first]) => first === word);
  return pairs.some(
    ([first, second]) =>
      (absent.includes(first) && held.includes(second)) ||
      (absent.includes(second) && held.includes(first) && !endsPhrase(second)),
  );
}

/**
 * `question` asks about a kind of technology (`kindsAsked` over its words as a search extracts
 * them: "which database …", "what ORM do we use?") whose every cue word is among the `absent` words: the app never says the kind's word, and
 * a kind the app names things of is never absent (`probeWords` leaves its words out), so the history
 * names nothing of it either. English cue words, as the kind taxonomy's.
 */
function asksUnnamedKind(question: string, absent: readonly string[]): boolean {
  const lacking = new Set(absent.map((word) => word.toLowerCase()));
  return kindsAsked(extractTerms(question).words).some(({ cue }) =>
    cue.split(" ").every((word) => lacking.has(word)),
  );
}

/**
 * Evidence strength (−1 to < 1): the best {@link coverage}, less one term's share (once: several
 * absent words are mostly one paraphrase, "which message broker … Kafka?") when an
 * {@link absentWords} is rarer in everyday English than `commonWordZipf` ("Kubernetes", not
 * "stop"; judged by the word's family, `familyZipf`: "happens" is as common as "happened") — unless the app holds at least as many question words as it lacks and the best
 * message covers them at `paraphraseCoverage` or more on average (saturation, 0 to 1) and no absent
 * word stands beside a held one in the question ({@link modifiesHeldWord}), or the
 * question lists subjects and the app holds every word of one of them ({@link answersAnItem}).
 * A yes/no `question` ({@link YES_NO_QUESTION}) whose absent words include a name-like one (family
 * Zipf below `yesNoAbsentZipf`) loses a whole point: it asks about a thing the app never names; so
 * does any question with more absent subject words than held ones, a name-like one among them,
 * and any whose absent words include a name it capitalises while every held word is everyday,
 * and a yes/no question or one asking for a name (`NAME_REQUEST`) whose absent word stands beside
 * a held one in a noun phrase ({@link modifiesHeldWord}: "do we run a virus scan …?" of an app
 * that scans only images; "which tool builds the Windows .msi installer?"), and a question asking
 * for a name of a kind the app neither names nor mentions ({@link asksUnnamedKind}).
 */
export function evidenceStrength(
  ranking: Ranking,
  searches: readonly SearchRun[],
  { paraphraseCoverage, commonWordZipf, yesNoAbsentZipf }: OfflineParameters,
  question = "",
): number {
  const best = Math.max(0, ...ranking.messages.map((item) => item.coverage));
  const terms = countedTerms(ranking.subject, ranking.stats).length;
  const absent = absentWords(ranking, searches, question);
  // "Did we add PDF export?" asks whether one thing happened: when the app never names the thing
  // (a name-like word, rarer than `yesNoAbsentZipf`), the history holds no answer to it.
  // "PDF or Word export" is answered by "word" and "export" only when a held item names a thing too.
  const nameLike = (word: string) => familyZipf(word) < yesNoAbsentZipf;
  const named = absent.some(nameLike);
  // So does any question that lacks more of its words than it holds, a name among them ("which
  // payment provider did we integrate for premium bookmarks, Stripe or Paddle?").
  const mostlyAbsent = absent.length > terms - absent.length;
  const heldWords = [...ranking.subject.words.values()].filter((word) => !absent.includes(word));
  // And one whose only name is one the app never says, beside everyday words it does ("what did
  // we decide about RabbitMQ for messaging between services?": a newcomer's check cited five
  // turns about log messages).
  const capitalised = new Set([...valuesOf(question)].map((value) => value.toLowerCase()));
  const soleName =
    absent.some((word) => capitalised.has(word.toLowerCase()) && nameLike(word)) &&
    !heldWords.some(nameLike);
  const yesNo = YES_NO_QUESTION.test(question);
  // "Which database did we pick …?" of an app that names no database and never says the word:
  // a kind the question asks a name of, which the history never takes up (a grown dev set's
  // no-match question answered "partial · medium" on turns about generated documents).
  const nameRequest = NAME_REQUEST.test(question);
  if (nameRequest && asksUnnamedKind(question, absent) && !answersAnItem(ranking, absent)) {
    return best - 1;
  }
  const asksAboutName = yesNo || mostlyAbsent || soleName;
  if (asksAboutName && named && !answersAnItem(ranking, absent, nameLike)) {
    return best - 1;
  }
  // "Do we run a virus scan …?" asks whether that one thing exists, and "which tool builds the .msi
  // installer?" for the name of the one thing: the app's other scans and installers are not it.
  // Tagged once, and only when a word is absent: most questions hold every word.
  const modifies = absent.length > 0 && modifiesHeldWord(question, absent, heldWords);
  if ((yesNo || nameRequest) && modifies && !answersAnItem(ranking, absent)) {
    return best - 1;
  }
  const rare = absent.filter((word) => familyZipf(word) < commonWordZipf).length;
  if (terms === 0 || rare === 0 || answersAnItem(ranking, absent)) return best;
  const held = terms - absent.length;
  // Mean saturation of the held words in the best message (the absent ones add 0 to `best`).
  const paraphrase =
    absent.length <= held && (best * terms) / held >= paraphraseCoverage && !modifies;
  return paraphrase ? best : best - 1 / terms;
}
