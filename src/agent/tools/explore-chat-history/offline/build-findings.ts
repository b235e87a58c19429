/**
 * findings: the cited messages as a reader meets them. Each cited message comes with the turns
 * that settled it in its own chat (`thread-turns.ts`), and the established revisions among all of
 * them (`revision.ts`) are found here: a turn that revises the message it follows leads a finding
 * of its own, and the pair becomes a conflict. Pure.
 */
import type { PolicyConfig } from "./policy-parameters.js";
import type { RankedMessage, Ranking } from "./rank-evidence.js";
import { establishesRevision } from "./revision.js";
import type { Observation } from "./run-state.js";
import { termVector } from "./score-messages.js";
import { threadTurns } from "./thread-turns.js";

/**
 * Two messages speak of one subject: they share at least `least` of its terms (all of a shorter
 * subject; `subjectTerms` between chats: one shared word of a longer question is another subject).
 */
function sharesSubject(
  a: RankedMessage,
  b: RankedMessage,
  ranking: Ranking,
  least: number,
): boolean {
  const terms = [...ranking.subject.weights.keys()];
  const shared = terms.filter((term) => a.vector.tf.has(term) && b.vector.tf.has(term));
  return shared.length > 0 && shared.length >= Math.min(least, terms.length);
}

/** One finding before it is written: the cited message and the turns of its thread after it. */
export interface Finding {
  readonly lead: RankedMessage;
  readonly turns: readonly RankedMessage[];
}

/**
 * The findings for `cited` (best first), in that order: each message with the turns that settle it in its chat
 * (`thread-turns.ts`), a message already cited in an earlier finding not repeated; and the
 * established revisions among all of them (`revision.ts`). A turn that revises the message it
 * follows is not folded into it: it leads a finding of its own, and the pair is a conflict.
 * Revisions are (older, newer) pairs, none when the `supersede` stage is off.
 */
export function buildFindings(
  ranking: Ranking,
  cited: readonly RankedMessage[],
  config: PolicyConfig,
): { findings: Finding[]; revisions: [RankedMessage, RankedMessage][] } {
  const scores = new Map(ranking.messages.map((item) => [item.observation.candidateId, item]));
  const scoreOf = (id: string) => scores.get(id)?.score ?? 0;
  const asRanked = (observation: Observation): RankedMessage =>
    scores.get(observation.candidateId) ?? {
      observation,
      vector: termVector(observation.text),
      score: 0,
      relevance: 0,
      coverage: 0,
    };
  const options = {
    observations: ranking.observations,
    scoreOf,
    subjectShare: config.parameters.lastWordShare,
  };
  const used = new Set<string>();
  const threads: { lead: RankedMessage; turns: RankedMessage[] }[] = [];
  for (const item of cited) {
    if (used.has(item.observation.candidateId)) continue;
    used.add(item.observation.candidateId);
    const after = config.off.has("thread") ? [] : threadTurns(item.observation, options);
    const turns = after.filter(({ observation }) => !used.has(observation.candidateId));
    for (const { observation } of turns) used.add(observation.candidateId);
    threads.push({ lead: item, turns: turns.map(({ observation }) => asRanked(observation)) });
  }
  const all = threads.flatMap((thread) => [thread.lead, ...thread.turns]);
  const revisions = config.off.has("supersede") ? [] : citedPairs(ranking, all, config);
  const revising = new Set(revisions.map(([, newer]) => newer));
  const findings = threads.flatMap(({ lead, turns }) => [
    ...turns.filter((turn) => revising.has(turn)).map((turn) => ({ lead: turn, turns: [] })),
    { lead, turns: turns.filter((turn) => !revising.has(turn)) },
  ]);
  return { findings, revisions };
}

/**
 * Established revisions among every message the findings cite (older, newer), time order: two
 * turns of one chat need one shared subject term, two chats `subjectTerms`.
 */
function citedPairs(
  ranking: Ranking,
  cited: readonly RankedMessage[],
  config: PolicyConfig,
): [RankedMessage, RankedMessage][] {
  const pairs: [RankedMessage, RankedMessage][] = [];
  const isSubject = (word: string) =>
    [...termVector(word).tf.keys()].some((term) => ranking.subject.weights.has(term));
  for (const older of cited) {
    for (const newer of cited) {
      const [a, b] = [older.observation, newer.observation];
      const [x, y] = [a.createdAt ?? "", b.createdAt ?? ""];
      const before = x < y || (x === y && a.messageId < b.messageId);
      const least = a.chatId === b.chatId ? 1 : config.parameters.subjectTerms;
      if (older === newer || !before || !sharesSubject(older, newer, ranking, least)) continue;
      if (establishesRevision(a, b, isSubject)) pairs.push([older, newer]);
    }
  }
  return pairs;
}
