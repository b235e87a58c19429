/**
 * Writes the offline engine's `submit_report` input from what it observed: an extractive summary
 * labelled as such, findings quoted from observed sentences, conflicts from decision statements,
 * coverage gaps and a proposed confidence. It cites only candidate IDs the host returned in this
 * run. Pure; bounds follow `submitReportInputSchema`.
 */
import type { SubmitReportInput } from "../../agent/tools/explore-chat-history/child-protocol.js";
import {
  collectStatements,
  type DecisionStatement,
  findConflicts,
  linkedApprovals,
} from "./decision-statements.js";
import { splitSentences } from "./detect-decisions.js";
import type { ExplorationState, Observation } from "./exploration-state.js";
import { RELEVANCE_MIN, type ScoredObservation, scoreObservations } from "./score-hits.js";
import { type TopicProfile, topicOverlap } from "./topic-profile.js";

/** Every summary starts with this, so nobody mistakes it for model analysis. */
export const SUMMARY_LABEL = "Extractive summary (offline engine):";
/** Findings written (schema allows 8; 6 keeps the report short). */
export const MAX_FINDINGS = 6;
/** Quoted phrases are cut at a word boundary to this many chars. */
export const MAX_QUOTE_CHARS = 180;
/** Schema bounds (child-protocol.ts): summary 1,200, claim/description 400, note 200. */
const MAX_SUMMARY_CHARS = 1200;
const MAX_CLAIM_CHARS = 400;
const MAX_NOTE_CHARS = 200;

/** Cuts `text` to `max` chars at a word boundary, adding "…" when cut; collapses whitespace. */
export function quote(text: string, max = MAX_QUOTE_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
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
};

function statementClaim(statement: DecisionStatement): string {
  const { observation } = statement;
  const choice = statement.chosen ? ` (${statement.chosen})` : "";
  return clip(
    `On ${day(observation.createdAt)} the ${observation.role} ${VERB[statement.kind]}${choice}: “${quote(statement.sentence)}”`,
    MAX_CLAIM_CHARS,
  );
}

function bestSentence(profile: TopicProfile, observation: Observation): string {
  let best = "";
  let bestHits = -1;
  for (const sentence of splitSentences(observation.text)) {
    const overlap = topicOverlap(profile, sentence);
    const hits = overlap.keywordHits * 3 + overlap.familyHits;
    if (hits > bestHits) {
      best = sentence;
      bestHits = hits;
    }
  }
  return best;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The relevant observations, best first (score ≥ {@link RELEVANCE_MIN}). */
export function relevantObservations(
  profile: TopicProfile,
  state: ExplorationState,
): ScoredObservation[] {
  return scoreObservations(profile, state.observations).filter(
    (item) => item.score >= RELEVANCE_MIN,
  );
}

function proposeConfidence(
  state: ExplorationState,
  relevant: readonly ScoredObservation[],
  committed: readonly DecisionStatement[],
  conflictCount: number,
): SubmitReportInput["confidence"] {
  if (relevant.length === 0) return "low";
  if (conflictCount > 0 || state.indexStatus === "indexing" || state.budgetExhausted)
    return "medium";
  if (committed.length > 0 && relevant.length >= 2) return "high";
  return relevant.length >= 2 ? "medium" : "low";
}

/**
 * The report for `state`. With no relevant observation: no findings, a summary saying so, and a
 * coverage note naming the searched topic words (the host derives `no_match`).
 */
export function writeReport(profile: TopicProfile, state: ExplorationState): SubmitReportInput {
  const relevant = relevantObservations(profile, state);
  const relevantObs = [
    ...relevant.map((item) => item.observation),
    ...linkedApprovals(
      relevant.map((item) => item.observation),
      state.observations,
    ),
  ];
  const statements = collectStatements(profile, relevantObs);
  const committed = statements.filter(
    (item) => item.kind !== "recommendation" && item.chosen !== null,
  );
  const conflicts = findConflicts(statements);
  const missing: string[] = [];
  if (state.indexStatus === "indexing") {
    missing.push(
      `The index was still catching up (${state.pendingCount} messages pending); recall may be incomplete.`,
    );
  }
  if (state.truncated) missing.push("Some search or read answers were cut at their size bound.");
  if (state.budgetExhausted)
    missing.push("Exploration stopped at the run budget before every lead was read.");

  if (relevant.length === 0) {
    const topic = profile.keywords.length > 0 ? profile.keywords.join(", ") : "decision language";
    missing.unshift(clip(`No prior message in this app matched: ${topic}.`, MAX_NOTE_CHARS));
    return {
      summary: clip(
        `${SUMMARY_LABEL} no relevant prior discussion was found after ${state.searchedQueries.length} searches; absence here is not proof it was never discussed.`,
        MAX_SUMMARY_CHARS,
      ),
      findings: [],
      conflicts: [],
      missing_coverage: missing.slice(0, 5),
      confidence: "low",
    };
  }

  const findings: SubmitReportInput["findings"] = [];
  const used = new Set<string>();
  // Newest statements first: the latest decision is what the question usually wants.
  const orderedStatements = [...statements].sort(
    (a, b) =>
      b.observation.createdAt.localeCompare(a.observation.createdAt) ||
      a.observation.firstSeen - b.observation.firstSeen,
  );
  for (const statement of orderedStatements) {
    if (findings.length >= MAX_FINDINGS - 1) break;
    if (used.has(statement.observation.candidateId)) continue;
    const ids = [statement.observation.candidateId];
    if (statement.approves && !used.has(statement.approves.candidateId))
      ids.push(statement.approves.candidateId);
    for (const id of ids) used.add(id);
    findings.push({ claim: statementClaim(statement), candidate_ids: ids });
  }
  for (const { observation } of relevant) {
    if (findings.length >= MAX_FINDINGS) break;
    if (used.has(observation.candidateId)) continue;
    if (findings.length >= 2 && statements.length > 0) break;
    used.add(observation.candidateId);
    const sentence = bestSentence(profile, observation);
    findings.push({
      claim: clip(
        `On ${day(observation.createdAt)} the ${observation.role} discussed: “${quote(sentence)}”`,
        MAX_CLAIM_CHARS,
      ),
      candidate_ids: [observation.candidateId],
    });
  }

  const conflictEntries = conflicts.map((conflict) => ({
    description: clip(
      `Possibly superseded decision (${conflict.familyId}): ${conflict.earlier.chosen} on ${day(conflict.earlier.observation.createdAt)}, then ${conflict.later.chosen} on ${day(conflict.later.observation.createdAt)}. The later one may supersede the earlier; confirm with the user.`,
      MAX_CLAIM_CHARS,
    ),
    candidate_ids: [
      conflict.earlier.observation.candidateId,
      conflict.later.observation.candidateId,
    ],
  }));

  if (statements.length === 0)
    missing.push("No explicit decision language was found; findings are discussion excerpts.");
  const chats = new Set(relevantObs.map((item) => item.chatId)).size;
  const parts = [
    `${SUMMARY_LABEL} ${relevantObs.length} relevant message${relevantObs.length === 1 ? "" : "s"} in ${chats} chat${chats === 1 ? "" : "s"} after ${state.searchedQueries.length} searches and ${state.reads.length} reads.`,
  ];
  const latest = [...committed].sort((a, b) =>
    b.observation.createdAt.localeCompare(a.observation.createdAt),
  )[0];
  if (latest) {
    parts.push(
      `Latest recorded choice (${day(latest.observation.createdAt)}): “${quote(latest.sentence, 160)}”`,
    );
  } else if (orderedStatements[0]) {
    const top = orderedStatements[0];
    parts.push(
      `Most recent decision language (${day(top.observation.createdAt)}): “${quote(top.sentence, 160)}”`,
    );
  } else if (relevant[0]) {
    parts.push(
      `Closest match (${day(relevant[0].observation.createdAt)}): “${quote(bestSentence(profile, relevant[0].observation), 160)}”`,
    );
  }
  for (const conflict of conflicts) {
    parts.push(
      `Conflict: ${conflict.earlier.chosen} (${day(conflict.earlier.observation.createdAt)}) vs ${conflict.later.chosen} (${day(conflict.later.observation.createdAt)}).`,
    );
  }
  return {
    summary: clip(parts.join(" "), MAX_SUMMARY_CHARS),
    findings,
    conflicts: conflictEntries,
    missing_coverage: missing.map((note) => clip(note, MAX_NOTE_CHARS)).slice(0, 5),
    confidence: proposeConfidence(state, relevant, committed, conflicts.length),
  };
}
