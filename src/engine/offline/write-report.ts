/**
 * Writes the offline engine's `submit_report` input from what it observed: an extractive summary
 * labelled as such, findings quoted from observed sentences, conflicts from decision statements,
 * coverage gaps and a proposed confidence. It cites only candidate IDs the host returned in this
 * run. Pure; bounds follow `submitReportInputSchema`.
 *
 * Abstention: when the question asks which option was chosen and no on-topic choice was recorded
 * (only discussion, or "no provider chosen"), it submits no findings — the host then reports
 * `no_match` — and says in the summary what the closest discussion was.
 */
import type { SubmitReportInput } from "../../agent/tools/explore-chat-history/child-protocol.js";
import { citedScope, scopeSentence } from "./cited-scope.js";
import { collectStatements, type DecisionStatement } from "./decision-statements.js";
import { saysUndecided, splitSentences } from "./detect-decisions.js";
import type { ExplorationState, Observation } from "./exploration-state.js";
import { earlierStatementsOfDropped, findConflicts, followUpReversals } from "./find-conflicts.js";
import { isHearsay } from "./hearsay.js";
import { evidenceForMissingParts } from "./part-evidence.js";
import { decisive, lowerFor, proposeConfidence } from "./report-confidence.js";
import {
  buildRelevanceModel,
  type RelevanceModel,
  type ScoredObservation,
  scoreObservations,
} from "./score-hits.js";
import { linkedReplies, nearbyDecisions } from "./statement-pool.js";
import type { TopicProfile } from "./topic-profile.js";

/** Every summary starts with this, so nobody mistakes it for model analysis. */
export const SUMMARY_LABEL = "Extractive summary (offline engine):";
/** Findings written (schema allows 8; 6 keeps the report short: each citation carries a ≤ 220-char excerpt). */
export const MAX_FINDINGS = 6;
/**
 * Quoted phrases are cut at a word boundary to this many chars. Short: the host attaches each
 * cited message's own excerpt (≤ 220 chars) as evidence, so a claim only needs the gist.
 */
export const MAX_QUOTE_CHARS = 110;
/** Summary quotes, same reason. */
const SUMMARY_QUOTE_CHARS = 100;
/** Schema bounds (child-protocol.ts): summary 1,200, claim/description 400, note 200. */
const MAX_SUMMARY_CHARS = 1200;
const MAX_CLAIM_CHARS = 400;
const MAX_NOTE_CHARS = 200;

/**
 * Cuts `text` to `max` chars at a word boundary, adding "…" when cut; collapses whitespace and
 * drops Markdown emphasis (`**`, `__`) so quotes read as text.
 */
export function quote(text: string, max = MAX_QUOTE_CHARS): string {
  const flat = text
    .replace(/\*\*|__/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const day = (iso: string) => iso.slice(0, 10);

const VERB: Record<DecisionStatement["kind"], string> = {
  decision: "stated a decision",
  reversal: "changed course",
  recommendation: "recommended",
  approval: "approved",
  answer: "answered",
  completion: "reported the current state",
};

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * "On 2026-04-07 the user changed course: Supabase Auth." when the choice is named (the evidence
 * excerpt carries the wording), else the statement quoted.
 */
function statementClaim(statement: DecisionStatement): string {
  const { observation } = statement;
  const head = `On ${day(observation.createdAt)} the ${observation.role} ${VERB[statement.kind]}`;
  const body = statement.chosen ? `${statement.chosen}.` : `“${quote(statement.sentence)}”`;
  return clip(`${head}: ${body}`, MAX_CLAIM_CHARS);
}

/** Archived markup (tags, JSON, tool transcripts) is evidence content, but never the best quote. */
const MARKUP = /<\/?[a-z_][\w-]*>|[{}]|\[tool-[\w-]+/i;

function bestSentence(model: RelevanceModel, observation: Observation): string {
  let best = "";
  let bestPoints = -1;
  for (const sentence of splitSentences(observation.text)) {
    const points = model.keywordPoints(sentence) * 2 - (MARKUP.test(sentence) ? 100 : 0);
    if (points > bestPoints) {
      best = sentence;
      bestPoints = points;
    }
  }
  return best;
}

/**
 * The relevant observations, best first. `leads`: for choosing reads and searches, where a
 * top-ranked chat's title counts more (see `trustedByRank`); the report never uses that.
 */
export function relevantObservations(
  profile: TopicProfile,
  state: ExplorationState,
  leads = false,
): ScoredObservation[] {
  const model = buildRelevanceModel(profile, state.observations);
  return scoreObservations(profile, state.observations, model, leads).filter(
    (item) => item.relevant,
  );
}

function statusNotes(state: ExplorationState): string[] {
  const notes: string[] = [];
  if (state.indexStatus === "indexing") {
    notes.push(
      `The index was still catching up (${state.pendingCount} messages pending); recall may be incomplete.`,
    );
  }
  if (state.truncated) notes.push("Some search or read answers were cut at their size bound.");
  if (state.budgetExhausted)
    notes.push("Exploration stopped at the run budget before every lead was read.");
  return notes;
}

function abstain(reason: string, notes: string[]): SubmitReportInput {
  return {
    summary: clip(`${SUMMARY_LABEL} ${reason}`, MAX_SUMMARY_CHARS),
    findings: [],
    conflicts: [],
    missing_coverage: notes.map((note) => clip(note, MAX_NOTE_CHARS)).slice(0, 5),
    confidence: "low",
  };
}

/**
 * The report for `state`. With nothing relevant — or, for a "which did we choose" question,
 * nothing chosen — no findings, a summary saying so, and coverage notes (the host derives
 * `no_match`; absence is never proof).
 */
export function writeReport(profile: TopicProfile, state: ExplorationState): SubmitReportInput {
  const model = buildRelevanceModel(profile, state.observations);
  const relevant = scoreObservations(profile, state.observations, model).filter(
    (item) => item.relevant,
  );
  const relevantObs = relevant.map((item) => item.observation);
  const replies = linkedReplies(relevantObs, state.observations);
  const pool = [
    ...relevantObs,
    ...replies,
    ...nearbyDecisions(relevantObs, state.observations, model).filter(
      (item) => !replies.includes(item),
    ),
  ];
  const direct = collectStatements(profile, model, pool, state.observations);
  const withFollowUps = [...direct, ...followUpReversals(direct, pool, state.observations)];
  const statements = [
    ...withFollowUps,
    ...earlierStatementsOfDropped(withFollowUps, state.observations),
  ];
  const committed = statements.filter(
    (item) =>
      item.kind !== "recommendation" &&
      (item.chosen !== null || item.kind !== "answer") &&
      !saysUndecided(item.sentence),
  );
  const conflicts = findConflicts(statements);
  const notes = statusNotes(state);
  const searches = `${state.searchedQueries.length} search${state.searchedQueries.length === 1 ? "" : "es"}`;

  if (relevant.length === 0) {
    const topic = profile.keywords.length > 0 ? profile.keywords.join(", ") : "decision language";
    return abstain(
      `no relevant prior discussion was found after ${searches}; absence here is not proof it was never discussed.`,
      [`No prior message in this app matched: ${topic}.`, ...notes],
    );
  }
  const undecided = pool
    .flatMap((observation) =>
      splitSentences(observation.text).map((sentence) => ({ observation, sentence })),
    )
    .find((item) => saysUndecided(item.sentence) && model.keywordPoints(item.sentence) > 0);
  // An assistant statement covering ⅔ of the question's keyword weight answers a "which" question
  // even without decision wording ("a 30 Hz simulation tick on the server").
  const strongAnswer = relevant.some(
    (item) =>
      item.observation.role === "assistant" &&
      model.keywordPoints(item.observation.text) * 3 >= model.maxPoints * 2,
  );
  if (profile.asksForChoice && committed.length === 0 && (undecided || !strongAnswer)) {
    const closest =
      undecided ??
      (relevant[0]
        ? {
            observation: relevant[0].observation,
            sentence: bestSentence(model, relevant[0].observation),
          }
        : null);
    const said = closest
      ? ` The closest discussion (${day(closest.observation.createdAt)}) says: “${quote(closest.sentence, SUMMARY_QUOTE_CHARS)}”`
      : "";
    return abstain(
      `no recorded choice was found for this question after ${searches} and ${state.reads.length} reads.${said}`,
      ["Related discussion exists, but no message records a choice; ask the user.", ...notes],
    );
  }

  const findings: SubmitReportInput["findings"] = [];
  const used = new Set<string>();
  // Committed choices newest first (the latest decision is what the question usually wants),
  // then recommendations, then plain discussion.
  const ordered = [...statements].sort(
    (a, b) =>
      Number(a.kind === "recommendation") - Number(b.kind === "recommendation") ||
      b.observation.createdAt.localeCompare(a.observation.createdAt) ||
      a.observation.firstSeen - b.observation.firstSeen,
  );
  // A message a conflict already cites reaches the primary agent there, with its excerpt; repeating
  // it as a finding doubles its bytes. The newest choice stays a finding: it is the answer.
  const inConflicts = new Set(
    conflicts.flatMap((conflict) => [
      conflict.earlier.observation.candidateId,
      conflict.later.observation.candidateId,
    ]),
  );
  let inConflictsOnly = 0;
  for (const statement of ordered) {
    if (findings.length >= MAX_FINDINGS - 1) break;
    if (used.has(statement.observation.candidateId)) continue;
    if (findings.length > 0 && inConflicts.has(statement.observation.candidateId)) {
      // Its proposal is covered by the conflict too: not a separate recommendation finding.
      if (statement.approves) used.add(statement.approves.candidateId);
      inConflictsOnly += 1;
      continue;
    }
    const ids = [statement.observation.candidateId];
    // An approval cites the proposal it approved; an answer's question is context, not evidence.
    const context = statement.kind === "approval" ? statement.approves : null;
    if (context && !used.has(context.candidateId)) ids.push(context.candidateId);
    for (const id of ids) used.add(id);
    findings.push({ claim: statementClaim(statement), candidate_ids: ids });
  }
  let hearsay = 0;
  const byId = new Map(state.observations.map((item) => [item.candidateId, item]));
  const cited = [...used].flatMap((id) => byId.get(id) ?? []);
  // Parts of the question nothing cited mentions get their best discussion first.
  const partGaps = evidenceForMissingParts(profile, relevantObs, cited);
  const discussion = [...partGaps, ...relevantObs.filter((item) => !partGaps.includes(item))];
  for (const observation of discussion) {
    if (findings.length >= MAX_FINDINGS) break;
    if (used.has(observation.candidateId)) continue;
    const forPart = partGaps.includes(observation);
    if (!forPart && findings.length + inConflictsOnly >= 2 && statements.length > 0) break;
    used.add(observation.candidateId);
    const sentence = bestSentence(model, observation);
    const quoted = isHearsay(sentence, observation.text);
    if (quoted) hearsay += 1;
    const verb = quoted ? "quoted third-party text (a claim, not a team decision)" : "discussed";
    findings.push({
      claim: clip(
        `On ${day(observation.createdAt)} the ${observation.role} ${verb}: “${quote(sentence)}”`,
        MAX_CLAIM_CHARS,
      ),
      candidate_ids: [observation.candidateId],
    });
  }

  const conflictEntries = conflicts.map((conflict) => {
    const before = conflict.earlier.chosen ?? conflict.later.rejected ?? "an earlier choice";
    const after = conflict.later.chosen ?? "a change";
    return {
      description: clip(
        `Possibly superseded (${conflict.familyId}): ${before} (${day(conflict.earlier.observation.createdAt)}), then ${after} (${day(conflict.later.observation.createdAt)}); confirm with the user.`,
        MAX_CLAIM_CHARS,
      ),
      candidate_ids: [
        conflict.earlier.observation.candidateId,
        conflict.later.observation.candidateId,
      ],
    };
  });

  const missing = [...notes];
  if (hearsay > 0) missing.push("Some evidence is quoted third-party text, not a team decision.");
  if (statements.length === 0)
    missing.push("No explicit decision language was found; findings are discussion excerpts.");
  const scope = citedScope(findings, conflictEntries, state.observations);
  const parts = [
    `${SUMMARY_LABEL} ${scopeSentence(scope, pool.length, state.searchedQueries.length, state.reads.length)}`,
  ];
  // Only a decisive statement is a "recorded choice"; an answer that names something is language.
  const latest = committed
    .filter((item) => decisive(item, model))
    .sort((a, b) => b.observation.createdAt.localeCompare(a.observation.createdAt))[0];
  if (latest) {
    parts.push(
      `Latest recorded choice (${day(latest.observation.createdAt)}): “${quote(latest.sentence, SUMMARY_QUOTE_CHARS)}”`,
    );
  } else if (ordered[0]) {
    parts.push(
      `Most recent decision language (${day(ordered[0].observation.createdAt)}): “${quote(ordered[0].sentence, SUMMARY_QUOTE_CHARS)}”`,
    );
  } else if (relevant[0]) {
    parts.push(
      `Closest match (${day(relevant[0].observation.createdAt)}): “${quote(bestSentence(model, relevant[0].observation), SUMMARY_QUOTE_CHARS)}”`,
    );
  }
  if (conflicts.length > 0) {
    // The conflicts list carries the detail; the summary only says where to look.
    const changes = conflicts.map(
      (conflict) =>
        `${conflict.earlier.chosen ?? conflict.later.rejected ?? "an earlier choice"} → ${conflict.later.chosen ?? "a change"}`,
    );
    parts.push(
      `${conflicts.length} possible conflict${conflicts.length === 1 ? "" : "s"}: ${changes.join("; ")}.`,
    );
  }
  return {
    summary: clip(parts.join(" "), MAX_SUMMARY_CHARS),
    findings,
    conflicts: conflictEntries,
    missing_coverage: missing.map((note) => clip(note, MAX_NOTE_CHARS)).slice(0, 5),
    confidence: lowerFor(
      hearsay,
      proposeConfidence(state, pool.length, committed, conflicts.length, model),
    ),
  };
}
