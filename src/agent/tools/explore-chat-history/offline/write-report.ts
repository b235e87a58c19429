/**
 * report: the `submit_report` input. Claims quote each cited message's best sentence with role and
 * date, never a label (never a dropped option named as the choice), statements first; a revision
 * is a conflict, newer named; below the calibrated strength it abstains naming the words the app
 * lacks; confidence from the strength and its supporting chats, never "high" with a revision. Pure.
 */
import type { SubmitReportInput } from "../child-protocol.js";
import { absentWords, evidenceStrength } from "./evidence-strength.js";
import { type PolicyConfig, SUMMARY_REQUEST } from "./policy-parameters.js";
import type { QueryModel } from "./query-model.js";
import type { RankedMessage, Ranking } from "./rank-evidence.js";
import type { SearchRun } from "./run-state.js";
import { termVector } from "./score-messages.js";
import type { Selection } from "./select-evidence.js";
import { valuesOf } from "./supersession.js";

/** Longest quoted sentence in a claim, chars (claims are bounded to 400). */
const QUOTE_CHARS = 120;

/** Sentences of `text` (split after . ! ? and their CJK forms, and at line breaks), collapsed. */
function sentencesOf(text: string): string[] {
  const parts = text.split(/(?<=[.!?。！？])\s+|\n+/);
  return parts.map((part) => part.replace(/\s+/g, " ").trim()).filter((part) => part.length > 0);
}

/** The sentence of `text` with the most query weight (the first on ties), whitespace collapsed. */
export function bestSentence(text: string, model: QueryModel): string {
  const sentences = sentencesOf(text);
  const score = (part: string) =>
    [...model.weights].reduce((sum, [t, w]) => sum + (termVector(part).tf.has(t) ? w : 0), 0);
  const best = sentences.reduce((a, b) => (score(b) > score(a) ? b : a), sentences[0] ?? "");
  return best.length > QUOTE_CHARS ? `${best.slice(0, QUOTE_CHARS - 1)}…` : best;
}

/** The ISO date (`2026-04-07`) of a message's time; `unknown date` when the store has none. */
function dayOf(createdAt: string | null): string {
  return createdAt === null ? "unknown date" : createdAt.slice(0, 10);
}

function quote(item: RankedMessage, model: QueryModel, label: string): string {
  const { role, createdAt, text } = item.observation;
  return `${label}${role} on ${dayOf(createdAt)}: "${bestSentence(text, model)}"`;
}

/** A sentence of `item` that is no question states a value ({@link valuesOf}) `question` lacks. */
function statesValue(item: RankedMessage, question: QueryModel): boolean {
  const named = (v: string) => [...termVector(v).tf.keys()].some((t) => question.weights.has(t));
  const statements = sentencesOf(item.observation.text).filter((part) => !/[?？]$/.test(part));
  return statements.some((part) => [...valuesOf(part)].some((value) => !named(value)));
}

/**
 * Builds the report for `selection` of `ranking`, whose evidence strength (`evidence-strength.ts`,
 * −1 to < 1, from the ranking and the run's `searches`) decides abstention and confidence.
 */
export function writeReport(
  ranking: Ranking,
  selection: Selection,
  searches: readonly SearchRun[],
  config: PolicyConfig,
): SubmitReportInput {
  const { parameters, off } = config;
  const strength = evidenceStrength(ranking, searches, parameters);
  const abstain = !off.has("abstain") && strength < parameters.abstainStrength;
  const absent = absentWords(ranking, searches);
  if (selection.cited.length === 0 || abstain) {
    const reason = absent.length
      ? `the history never mentions: ${absent.join(", ")}.`.slice(0, 200)
      : "no earlier message matched enough of the question.";
    const summary = `Extractive summary (offline engine): ${reason}`;
    return { summary, findings: [], conflicts: [], missing_coverage: [reason], confidence: "low" };
  }
  const newer = new Set(selection.revisions.map((pair) => pair.newer));
  // A revised statement is quoted in its conflict only: a second quote pushed conflicts out.
  const older = new Set(selection.revisions.map((pair) => pair.older));
  // Statements lead: a deferral ("we can pick the database next") or a question shares the
  // question's words but states no value (`statesValue`); the newest revision keeps its lead.
  const leads = (item: RankedMessage) => newer.has(item) || statesValue(item, ranking.question);
  const findings = selection.cited
    .filter((item) => !older.has(item))
    .sort((x, y) => Number(leads(y)) - Number(leads(x)))
    .slice(0, 8)
    .map((item) => ({
      claim: quote(item, ranking.expanded, newer.has(item) ? "Newer statement — " : ""),
      candidate_ids: [item.observation.candidateId],
    }));
  // A possible revision, not a verdict: the pair shares the question's words and differs in a
  // value, and most such pairs are two statements on one topic (conflict precision 0.08 on
  // BEAM-100K, 0.12 on curated; docs/OFFLINE-ABLATION.md), so the text asks for a comparison. No
  // longer than the verdict it replaced: the report's 6 KB bound drops conflicts for every byte.
  const conflicts = selection.revisions.slice(0, 4).map((pair) => ({
    description: `Possible revision (compare both): another value; the newer (${dayOf(pair.newer.observation.createdAt)}) second.`,
    candidate_ids: [pair.older.observation.candidateId, pair.newer.observation.candidateId],
  }));
  const missing = [...ranking.subject.weights.keys()]
    .filter((term) => !selection.cited.some((item) => item.vector.tf.has(term)))
    .map((term) => ranking.question.words.get(term) ?? term)
    .filter((word) => !absent.includes(word) && !SUMMARY_REQUEST.test(word));
  const gaps = [
    ...(absent.length > 0 ? [`The history never mentions: ${absent.join(", ")}.`] : []),
    ...(missing.length > 0 ? [`No cited message contains: ${missing.join(", ")}.`] : []),
  ];
  const support = selection.cited.filter((item) => item.coverage >= parameters.lowStrength);
  const chatsOf = (items: readonly RankedMessage[]) =>
    new Set(items.map((item) => item.observation.chatId)).size;
  const corroborated = chatsOf(support) >= parameters.highSupportChats;
  const high = strength >= parameters.highStrength && corroborated && !selection.revisions.length;
  const confidence = high ? "high" : strength >= parameters.lowStrength ? "medium" : "low";
  return {
    summary: `Extractive summary (offline engine): ${selection.cited.length} cited message(s) from ${chatsOf(selection.cited)} chat(s), best match first${conflicts.length > 0 ? `; ${conflicts.length} later revision(s), newer first` : ""}. Quotes are not interpreted.`,
    findings,
    conflicts,
    missing_coverage: gaps.map((gap) => gap.slice(0, 200)),
    confidence,
  };
}
