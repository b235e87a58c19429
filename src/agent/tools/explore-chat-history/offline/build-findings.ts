/**
 * findings: the cited messages as a reader meets them. Each cited message comes with the turns
 * that settled it in its own chat (`thread-turns.ts`), and the established revisions among all of
 * them (`revision.ts`) are found here: a turn that revises the message it follows leads a finding
 * of its own, and the pair becomes a conflict. So does the person's reply that says, naming the
 * subject, that the cited answer it follows did not hold ("the duplicate nav isn't actually
 * resolved yet"). Pure.
 */
import type { PolicyConfig } from "./policy-parameters.js";
import { prefixConflation } from "./prefix-variants.js";
import type { RankedMessage, Ranking } from "./rank-evidence.js";
import {
  correctsEarlier,
  establishesRevision,
  rejectionSentence,
  revisionLead,
} from "./revision.js";
import type { Observation } from "./run-state.js";
import { holdsTermOf, termVector } from "./score-messages.js";
import { personReplies, promptTurn, threadTurns } from "./thread-turns.js";

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

/**
 * One finding before it is written: the cited message, the person's request it answers (`prompt`,
 * `thread-turns.ts`) and the turns of its thread after it.
 */
export interface Finding {
  readonly lead: RankedMessage;
  readonly prompt: RankedMessage | null;
  readonly turns: readonly RankedMessage[];
}

/** A finding's messages in time order: the prompt, the lead, the turns after it. */
export function findingMessages(finding: Finding): RankedMessage[] {
  return [...(finding.prompt ? [finding.prompt] : []), finding.lead, ...finding.turns];
}

/**
 * The findings for `cited` (best first), in that order: each message with the turns that settle it in its chat
 * (`thread-turns.ts`), a message already cited in an earlier finding not repeated; and the
 * established revisions among all of them (`revision.ts`). A turn that revises the message it
 * follows is not folded into it: it leads a finding of its own, and the pair is a conflict.
 * Revisions are (older, newer) pairs, none when the `supersede` stage is off. `prompts`: whether a
 * finding cites the request its assistant turn answers; a summary's many findings need the
 * report's room (BEAM-100K dev summarization with them: 6.9 → 6.5 findings under the host's 6 KB
 * bound, recall 0.12 → 0.08).
 */
export function buildFindings(
  ranking: Ranking,
  cited: readonly RankedMessage[],
  config: PolicyConfig,
  prompts = true,
): { findings: Finding[]; revisions: [RankedMessage, RankedMessage][] } {
  const scored = [...ranking.messages, ...ranking.settled];
  const scores = new Map(scored.map((item) => [item.observation.candidateId, item]));
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
  const holdsSubject = holdsTermOf(ranking.subject);
  const namesSubject = (observation: Observation) => holdsSubject(observation.text);
  const used = new Set<string>();
  const threads: Finding[] = [];
  for (const item of cited) {
    if (used.has(item.observation.candidateId)) continue;
    used.add(item.observation.candidateId);
    const threaded = !config.off.has("thread");
    const asked =
      threaded && prompts ? promptTurn(item.observation, ranking.observations, namesSubject) : null;
    const prompt = asked && !used.has(asked.candidateId) ? asRanked(asked) : null;
    if (prompt) used.add(prompt.observation.candidateId);
    const after = threaded ? threadTurns(item.observation, options) : [];
    const turns = after.filter(({ observation }) => !used.has(observation.candidateId));
    for (const { observation } of turns) used.add(observation.candidateId);
    threads.push({
      lead: item,
      prompt,
      turns: turns.map(({ observation }) => asRanked(observation)),
    });
  }
  // A request is the context of what it asked for, not a statement to revise or be revised:
  // with requests in the pairs, off-subject revisions showed (coding-histories dev: conflict
  // precision 0.75 → 0.50).
  // Both sides of a revision are answers the ranking chose (`cited`), not turns a thread brought
  // along: a thread's later turn on another matter ("move agent/meow up a level" after a proposal
  // on naming the folder) revised nothing the question asked (coding-histories dev: the two false
  // conflicts, and each led its report as the "newer statement").
  // One exception: the person's reply that turns away from the assistant turn it answers ("use
  // `@clack/prompts` instead of bun-promptx" right after a task spec naming bun-promptx) is the
  // thread's own last word on that turn (the corpus's minsky question on the prompt library).
  const answers = new Set(cited);
  const messages = threads.flatMap((thread) => [thread.lead, ...thread.turns]);
  const answered = new Map(
    messages.flatMap((item, at) => {
      const before = messages[at - 1];
      return before && personReplies(before.observation, item.observation)
        ? [[item, before] as const]
        : [];
    }),
  );
  const sides = new Set([...answers, ...answered.keys(), ...answered.values()]);
  // The person's reply that rejects a cited answer in a sentence naming the subject ("the nav
  // isn't actually resolved yet"; not a bare "Consistent, but wrong.") revises it.
  const rejected = messages.flatMap((reply): [RankedMessage, RankedMessage][] => {
    const sentence = rejectionSentence(reply.observation.text);
    if (sentence === null || !namesSubjectIn(sentence, ranking, config)) return [];
    const turn = cited.find((item) => personReplies(item.observation, reply.observation));
    return turn ? [[turn, reply]] : [];
  });
  const revisions = config.off.has("supersede")
    ? []
    : [
        ...rejected,
        ...citedPairs(
          ranking,
          messages.filter((item) => sides.has(item)),
          config,
        ).filter(
          ([older, newer]) =>
            (answers.has(older) && answers.has(newer)) ||
            (answered.get(newer) === older && !proposes(newer)),
        ),
      ].filter(
        ([older, newer], at, all) => all.findIndex(([o, n]) => o === older && n === newer) === at,
      );
  const revising = new Set(revisions.map(([, newer]) => newer));
  // A revising turn leads with the turns that settled it in turn ("could we use one project
  // instead?" … "yes, let's update everything to the single project").
  const settled = (turn: RankedMessage): RankedMessage[] => {
    const after = config.off.has("thread") ? [] : threadTurns(turn.observation, options);
    const own = after.filter(({ observation }) => !used.has(observation.candidateId));
    for (const { observation } of own) used.add(observation.candidateId);
    return own.map(({ observation }) => asRanked(observation));
  };
  // A revised statement is quoted in its conflict only (`write-report.ts`), so the turns that
  // followed it would go unseen; those after the turn that revised it, in its chat, settle the
  // revision ("could we use one project instead?" … "yes, let's update everything to the single
  // project") and go with it, as do the turns after a revising turn in its own thread.
  const handed = new Map<RankedMessage, RankedMessage[]>();
  const kept = threads.map((thread) => {
    const newers = revisions.filter(([older]) => older === thread.lead).map(([, newer]) => newer);
    const latest = newers.reduce<RankedMessage | null>(
      (best, item) => (best === null || precedes(best, item) ? item : best),
      null,
    );
    if (latest === null) return thread;
    const follows = (turn: RankedMessage) =>
      turn.observation.chatId === latest.observation.chatId && precedes(latest, turn);
    handed.set(latest, [...(handed.get(latest) ?? []), ...thread.turns.filter(follows)]);
    return { ...thread, turns: thread.turns.filter((turn) => !follows(turn)) };
  });
  const inOrder = (turns: RankedMessage[]) => turns.sort((x, y) => (precedes(x, y) ? -1 : 1));
  const findings = kept.flatMap(({ lead, prompt, turns }) => {
    const cuts = turns.flatMap((turn, at) => (revising.has(turn) ? [at] : []));
    const before = turns.slice(0, cuts[0] ?? turns.length);
    const own = { lead, prompt, turns: inOrder([...before, ...(handed.get(lead) ?? [])]) };
    const revised = cuts.map((at, i) => {
      const turn = turns[at] as RankedMessage;
      const after = turns.slice(at + 1, cuts[i + 1] ?? turns.length);
      const given = [...after, ...(handed.get(turn) ?? []), ...settled(turn)];
      return { lead: turn, prompt: null, turns: inOrder(given) };
    });
    return [...revised.reverse(), own];
  });
  return { findings, revisions };
}

/**
 * A reply that asks where it turns away ("could we just use a single Vercel project rather than
 * …? why or why not?") proposes: the assistant's answer to it is what settles (coding-histories
 * dev: such a reply to another project's "environment" led "where does the Python virtual
 * environment live?" as a revision).
 */
function proposes(reply: RankedMessage): boolean {
  return /[?？]/.test(revisionLead(reply.observation.text));
}

/** `a` was said before `b`: by time, then by message id within one time. */
export function precedes(a: RankedMessage, b: RankedMessage): boolean {
  const [x, y] = [a.observation.createdAt ?? "", b.observation.createdAt ?? ""];
  return x < y || (x === y && a.observation.messageId < b.observation.messageId);
}

/**
 * The newer side's lead (`revisionLead`, where a turn-away is read) names a subject term, or an
 * abbreviation or extension of one (`prefix-variants.ts`: "Supabase Auth" for "authentication"). A
 * coding agent's "I apologize for moving files from the prototypes directory" turned away from a
 * "directory" an older summary listed beside "authentication system"; yposfgold's "what did we
 * decide about authentication?" led with it as the statement in force (a newcomer's check on the
 * shared corpus). No dev-set conflict needs a newer side that never names the subject up front.
 */
function leadNamesSubject(item: RankedMessage, ranking: Ranking, config: PolicyConfig): boolean {
  return namesSubjectIn(revisionLead(item.observation.text), ranking, config);
}

/** `text` names a subject term of `ranking`, or an abbreviation or extension of one. */
function namesSubjectIn(text: string, ranking: Ranking, config: PolicyConfig): boolean {
  const subject = [...ranking.subject.weights.keys()];
  const terms = [...termVector(text).tf.keys()];
  const variants = prefixConflation(subject, terms, config.parameters.prefixMinLength);
  return terms.some((term) => ranking.subject.weights.has(term) || variants.has(term));
}

/**
 * The older turn holds a number the question names (`numbers`, its subject terms written with a
 * leading digit: "localhost:3000") and the newer never does:
 * the newer changed something else the older also said. eagerminds (a newcomer's check on the
 * shared corpus): "why do the signup confirmation links go to localhost:3000?" led with the move
 * of the welcome email ("remove it from signup") as the revision of the answer about the link.
 * Rare words as names (`NAME_ZIPF`) went too far: "app" (Zipf 2.3) of "the web app" cost a true
 * revision (coding-histories dev: conflict recall 0.29 → 0.14).
 */
function leavesNamedNumber(
  older: RankedMessage,
  newer: RankedMessage,
  numbers: readonly string[],
): boolean {
  return numbers.some((term) => older.vector.tf.has(term) && !newer.vector.tf.has(term));
}

/**
 * Established revisions among every message the findings cite (older, newer), time order: two
 * turns of one chat need one shared subject term, two chats `subjectTerms`, and the newer must
 * name the subject in its lead ({@link leadNamesSubject}); the newer turns away from a value the
 * older states (`establishesRevision`) or takes back what it said earlier in the chat
 * (`correctsEarlier`).
 */
function citedPairs(
  ranking: Ranking,
  cited: readonly RankedMessage[],
  config: PolicyConfig,
): [RankedMessage, RankedMessage][] {
  const pairs: [RankedMessage, RankedMessage][] = [];
  const isSubject = holdsTermOf(ranking.subject);
  const namesSubject = new Set(cited.filter((item) => leadNamesSubject(item, ranking, config)));
  const numbers = [...ranking.subject.words]
    .filter(([, word]) => /^\d/.test(word))
    .map(([term]) => term);
  for (const older of cited) {
    for (const newer of cited) {
      const [a, b] = [older.observation, newer.observation];
      const least = a.chatId === b.chatId ? 1 : config.parameters.subjectTerms;
      if (older === newer || !precedes(older, newer)) continue;
      if (!sharesSubject(older, newer, ranking, least)) continue;
      if (!namesSubject.has(newer)) continue;
      if (leavesNamedNumber(older, newer, numbers)) continue;
      if (establishesRevision(a, b, isSubject) || correctsEarlier(a, b)) pairs.push([older, newer]);
    }
  }
  return pairs;
}
