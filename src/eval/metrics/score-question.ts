/**
 * Per-question scores (issue 6 § Build 1). Pure functions of {@link QuestionFacts}; `null` means
 * "not applicable to this question" and is left out of averages.
 */
import { type AnswerScore, scoreAnswer } from "./answer-metrics.js";
import { chatHitAtK, recallAtK } from "./floor-metrics.js";
import type { CitedTarget, QuestionFacts } from "./question-facts.js";

/** Scores of one question. Ratios in [0, 1]. */
export interface QuestionScore extends AnswerScore {
  readonly id: string;
  readonly category: QuestionFacts["category"];
  /** |cited ∩ gold| / |gold| on `found` questions (0 when the run failed). */
  readonly recall: number | null;
  /** |cited ∩ (gold ∪ acceptable)| / |cited| on `found` questions that cited anything. */
  readonly precision: number | null;
  /** On `absent` questions: the report declined to answer (no_match, or an ask/no-history action). */
  readonly abstained: boolean | null;
  /** Citations not observed in this run, not in the question's app, or not where the report says. */
  readonly fabricated: number;
  /** On `expect_conflict` questions: some conflict cites at least two gold messages. */
  readonly conflictSurfaced: boolean | null;
  /** On `found` questions: conflicts the report shows (0 when the run failed). */
  readonly conflictsShown: number | null;
  /**
   * On `found` questions: shown conflicts whose every message is gold or acceptable evidence — a
   * revision of what was asked about; one naming an unrelated message is a false conflict.
   */
  readonly conflictsRelevant: number | null;
  /** On questions with `expect_index_status`: the report's index_status matches. */
  readonly indexStatusHonest: boolean | null;
  /** directBytes / report bytes; null when the run failed or the explorer made no calls. */
  readonly savings: number | null;
  /** Distinct messages the report cites (0 when the run failed). */
  readonly cited: number;
  /** On `found` questions: some cited message sits in a gold chat. */
  readonly chatHit: boolean | null;
  /** On `found` questions: the floor's evidence recall at k = 3, 5, 10 and at k = {@link cited}. */
  readonly floorRecall3: number | null;
  readonly floorRecall5: number | null;
  readonly floorRecall10: number | null;
  readonly floorRecallAtCited: number | null;
  /** On `found` questions: a gold chat is the floor's first / among its first five distinct chats. */
  readonly floorChatHit1: boolean | null;
  readonly floorChatHit5: boolean | null;
}

/** True when a citation is fabricated (see {@link QuestionScore.fabricated}). */
export function isFabricated(
  target: CitedTarget,
  appId: number,
  observed: ReadonlySet<number>,
): boolean {
  return (
    target.actual === null ||
    target.actual.appId !== appId ||
    target.actual.chatId !== target.chatId ||
    !observed.has(target.messageId)
  );
}

/** Whether a report abstained: outcome `no_match`, or action `no_relevant_history` / `ask_user`. */
export function abstained(report: NonNullable<QuestionFacts["report"]>): boolean {
  return (
    report.outcome === "no_match" ||
    report.action === "no_relevant_history" ||
    report.action === "ask_user"
  );
}

/** Scores one question. */
export function scoreQuestion(facts: QuestionFacts): QuestionScore {
  const { report } = facts;
  const cited = new Set(report?.cited.map((target) => target.messageId) ?? []);
  const gold = new Set(facts.gold);
  const relevant = new Set([...facts.gold, ...facts.acceptable]);
  const found = facts.expected === "found";
  const hits = [...cited].filter((id) => gold.has(id)).length;
  const relevantHits = [...cited].filter((id) => relevant.has(id)).length;
  return {
    id: facts.id,
    category: facts.category,
    recall: found ? (gold.size === 0 ? null : hits / gold.size) : null,
    precision: found && cited.size > 0 ? relevantHits / cited.size : null,
    abstained: found ? null : report === null ? false : abstained(report),
    fabricated:
      report?.cited.filter((target) => isFabricated(target, facts.appId, facts.observed)).length ??
      0,
    conflictSurfaced: facts.expectConflict
      ? (report?.conflicts.some((ids) => ids.filter((id) => gold.has(id)).length >= 2) ?? false)
      : null,
    conflictsShown: found ? (report?.conflicts.length ?? 0) : null,
    conflictsRelevant: found
      ? (report?.conflicts.filter((ids) => ids.every((id) => relevant.has(id))).length ?? 0)
      : null,
    indexStatusHonest:
      facts.expectIndexStatus === null ? null : report?.indexStatus === facts.expectIndexStatus,
    savings:
      report === null || facts.directBytes === 0 || report.bytes === 0
        ? null
        : facts.directBytes / report.bytes,
    ...floorScores(facts, cited),
    ...scoreAnswer(facts),
  };
}

const NOT_FOUND = {
  chatHit: null,
  floorRecall3: null,
  floorRecall5: null,
  floorRecall10: null,
  floorRecallAtCited: null,
  floorChatHit1: null,
  floorChatHit5: null,
} as const;

/** The floor's figures and the explorer's chat hit for one question. */
function floorScores(
  facts: QuestionFacts,
  cited: ReadonlySet<number>,
): Pick<QuestionScore, "cited" | keyof typeof NOT_FOUND> {
  if (facts.expected !== "found" || facts.gold.length === 0)
    return { cited: cited.size, ...NOT_FOUND };
  const gold = new Set(facts.gold);
  const goldChats = new Set(facts.goldChats);
  const ranked = facts.floor.map((hit) => hit.messageId);
  const rankedChats = facts.floor.map((hit) => hit.chatId);
  const citedChats = facts.report?.cited.map((target) => target.chatId) ?? [];
  return {
    cited: cited.size,
    chatHit: citedChats.some((chat) => goldChats.has(chat)),
    floorRecall3: recallAtK(ranked, gold, 3),
    floorRecall5: recallAtK(ranked, gold, 5),
    floorRecall10: recallAtK(ranked, gold, 10),
    floorRecallAtCited: recallAtK(ranked, gold, cited.size),
    floorChatHit1: chatHitAtK(rankedChats, goldChats, 1),
    floorChatHit5: chatHitAtK(rankedChats, goldChats, 5),
  };
}
