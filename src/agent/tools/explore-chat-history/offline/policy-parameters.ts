/**
 * Every constant of the offline explorer policy, each with its reason. The policy version (the
 * engine's model id) is derived from their values, so an eval table names the policy it measured.
 * Tuned only on the dev sets (BEAM-100K, curated); each stage's gain: docs/OFFLINE-ABLATION.md.
 */

import { createHash } from "node:crypto";

/** Stages that `ablate` can switch off one at a time (docs/OFFLINE-ABLATION.md). */
export const OFFLINE_STAGES = [
  "prefix",
  "irregular",
  "background",
  "expand",
  "fuse",
  "coord",
  "read",
  "focus",
  "neighbours",
  "title",
  "speaker",
  "reason",
  "supersede",
  "present",
  "thread",
  "settle",
  "kinds",
  "probe",
  "abstain",
] as const;
/** One switchable stage of the pipeline. */
export type OfflineStage = (typeof OFFLINE_STAGES)[number];

/** The tuned values, each with its reason; their order and values make the policy version. */
export const OFFLINE_PARAMETERS = Object.freeze({
  /** Chats per search: the protocol's maximum (20), so fusion and feedback see a deep pool. */
  searchLimit: 20,
  /** bm25 term saturation k1 and length normalisation b (Robertson & Zaragoza 2009 defaults). */
  bm25K1: 1.2,
  bm25B: 0.75,
  /**
   * Shortest prefix that conflates a pool term with a question term ("auth" ↔ "authentication"):
   * 4 keeps 2–3 letter stems ("us", "app", "api") from merging with every longer word.
   */
  prefixMinLength: 4,
  /**
   * RM3 feedback messages: the best-scoring observed messages for the question, read text
   * included (Abdul-Jaleel et al. 2004 use the top 10 documents).
   */
  feedbackDocs: 10,
  /** RM3 expansion terms kept, and sent in the expanded search beside the original terms. */
  expansionTerms: 6,
  /**
   * RM3 interpolation: weight of the original query model (Abdul-Jaleel et al. 2004 use 0.5). 0.8:
   * the feedback is a pool the searches chose for the question's words, inside long single-topic
   * conversations, so an even mix drifts to the conversation's topic. BEAM-100K dev, every question
   * expanded, no second search: λ 0.5 ratio 1.54x (summarization 0.82x), 0.7 1.58x (0.92x), 0.8
   * 1.63x (1.01x), 0.9 1.61x (1.01x), none 1.60x (0.93x); curated at 0.8: recall 0.63 → 0.64,
   * ratio 1.58x → 1.55x, abstention 0.91 kept.
   */
  originalWeight: 0.8,
  /**
   * The RM3-expanded search (a second search_chats with the expansion terms) is sent only for a
   * subject of at most this many terms: a one-word subject ("what about auth?") is told in other
   * words (the providers' names) that only feedback finds (the demo's auth chain). For longer
   * questions the second search's new hits cost more than they found (BEAM-100K dev, every
   * question: fused by RRF ratio 1.51x, summarization 0.80x; ranked only by the question 1.57x /
   * 0.86x; against 1.60x / 0.93x without it); the expanded model still scores their candidates.
   */
  expandSearchMaxTerms: 1,
  /** Reciprocal-rank fusion constant (Cormack, Clarke & Büttcher 2009: k = 60). */
  rrfK: 60,
  /** Chats read around their best fused hit, in one parallel step (host allows 24 calls). */
  reads: 6,
  /** Messages before / after the hit in a read: the neighbouring turns hold the answer. */
  readBefore: 1,
  readAfter: 3,
  /**
   * Share of the preceding message's score a message inherits (a reply answers the turn before
   * it), and of the following message's (a question is explained by its answer).
   */
  replyShare: 0.5,
  promptShare: 0.2,
  /**
   * Fewest subject terms for those shares: with one term ("what did we decide about testing?") a
   * turn's neighbours match the same word or none, so sharing only lifts a run of turns that repeat
   * it above the one that states the decision (one-word dev set: recall 0.518 → 0.586, 0.87x →
   * 1.00x the floor, answer@1 0.44 → 0.53; coding-histories, curated and BEAM-100K unchanged; with
   * two terms as the bar too, curated answer@1 0.690 → 0.667).
   */
  neighbourMinTerms: 2,
  /**
   * Score multiplier for the person's own messages when the question is about themselves ("what
   * did I say", "my deadline"): a first-person question is answered by the speaker's own turns.
   */
  speakerBoost: 0.5,
  /** Most messages cited. */
  maxCited: 5,
  /**
   * Most cited for a summary request ({@link SUMMARY_REQUEST}), the host's 8 findings: its answer
   * spans many turns (BEAM-100K dev, 36 summary questions vs the floor: 6 0.86x, 7 1.00x, 8 1.14x).
   */
  summaryCited: 8,
  /** A message is cited only when its relevance is at least this share of the best one's. */
  citeRatio: 0.5,
  /**
   * Subject terms no observed message holds that are each probed with a search of their own (a
   * term the whole app lacks is evidence of absence); 4 covers ~95% of BEAM-100K questions and
   * keeps the run within the host's 24 calls (2 searches + 12 reads + 4 probes).
   */
  probeTerms: 4,
  /**
   * Abstain below this evidence strength (`evidence-strength.ts`; < 0 only when a rare word is
   * absent): the highest balanced accuracy of `bench/calibrate-abstention.ts`, both dev sets pooled.
   */
  abstainStrength: 0,
  /**
   * Confidence "high" needs this strength (and no revision) with cited messages of
   * `highSupportChats` chats at `lowStrength`: the lowest at and above which ≥ 9 in 10 (0.65) and
   * ≥ 2 in 3 (0.35) of the BEAM-100K and curated dev questions cite gold.
   */
  highStrength: 0.65,
  lowStrength: 0.35,
  /** Most established revisions shown as conflicts: the host's cap (4). */
  maxRevisions: 4,
  /** Messages of the current chat read per page, for questions about the current chat. */
  currentChatPage: 20,
  /**
   * Messages of two chats state the same subject only if they share at least this many question
   * terms (all of a shorter question): one shared word of a longer question is another subject
   * (curated dev: conflicts on questions expecting none 9 → 1, exact recall 0.79 → 0.93).
   */
  subjectTerms: 2,
  /**
   * Share of its chat title's bm25 match a message inherits: a title names what every turn is
   * about, often in a word they never repeat. 0.5, as a reply's; 0.2 gained nothing (dev sets).
   */
  titleShare: 0.5,
  /** Weight of the local order in the fusion, 1 per search: it scores every observed message. */
  localFusionWeight: 2,
  /**
   * An irregular verb form counts as its base (`irregular-forms.ts`: "rebuilt" as "rebuild") only
   * when it starts with this many letters of it. 3 keeps rebuilt, built, chosen, sent, spent, and
   * leaves left (leave), found (find), saw (see), ran (run) apart: a fixture's "anything left from
   * Clerk?" ranked above the reason for "why did we leave Clerk?" without it. Dev sets: curated
   * recall 0.770 with or without the guard (0.746 without the stage); coding-histories and
   * BEAM-100K unchanged by the stage (BEAM answer@3 0.634 without the guard: one question).
   */
  irregularSharedPrefix: 3,
  /**
   * Coordination after fusion: a message's fused relevance (0–1] gains this share of its subject
   * coverage (0 to < 1), so of two near-ties in RRF the one that covers more of the question leads
   * (the coordination factor of classic vector-space ranking, e.g. Lucene's `coord`). A turn that
   * only asks gains nothing: it restates the question. 0.05 moves only near-ties (coding-histories
   * dev: answer@1 0.46 → 0.52; curated 0.62 unchanged; BEAM-100K 0.473 unchanged, answer@3 0.625 →
   * 0.620); 0.1–0.3 cost curated answer@1 one or two questions for no further gain.
   */
  coordinationShare: 0.05,
  /**
   * An absent word does not lower evidence strength when the best message covers the question's
   * other words at this mean saturation or more (`evidence-strength.ts`): 0.5 is tf = bm25's
   * length-normalised constant, above one passing mention (≈ 0.45): a topic the message is about.
   */
  paraphraseCoverage: 0.5,
  /**
   * Free citation places go to messages within this share of the best local score, after the
   * stronger ones (dev sets 2026-12-01: BEAM-100K recall 0.490 → 0.493, curated 0.635 → 0.658).
   */
  fillRatio: 0.4,
  /**
   * "Medium" and "high" need the question's subject to have at least this many terms, unless an
   * established revision shows the cited statements give it values. With one term ("what did we
   * decide about authentication?" → auth) the strength is one word's repetition, a message about
   * the subject, not one that says what was decided: PaperBites' turns that mention auth a dozen
   * times came back "complete" without the decision (a newcomer's verdict on the shared corpus).
   * On 40 one-term questions annotated over coding-histories' apps (docs/OFFLINE-ABLATION.md,
   * "One-word subjects"), 5 of the 10 complete reports led with no gold message and 4 cited none
   * (confident-wrong 0.125); with the bar, confident-wrong is 0.031 (a two-term subject).
   * Coding-histories has no one-term question, curated and BEAM-100K one each: no figure moves.
   */
  answerSubjectTerms: 2,
  /** "High" needs cited messages of this many chats at `lowStrength` (one short message saturates
   * coverage alone; BEAM-100K dev, revisions aside: high 44/50 → 44/49 cite gold). */
  highSupportChats: 2,
  /**
   * An absent word lowers evidence strength only when its family (`familyZipf`: the commonest
   * inflection of its stem, `history/text/word-frequency.ts`) is below this Zipf value (5.5 ≈ 316
   * per million): "stop" (5.9) and "happens" (its family's "happened", 5.7) are missing from
   * histories about the topic. Both dev sets, 2026-12-02 evening: the same recall and abstention
   * for 5.2, 5.5 and 5.7 but for one curated question at 5.7 ("what happens with cups…?"); 5.9
   * costs curated recall 0.698 → 0.687.
   */
  commonWordZipf: 5.5,
  /**
   * For a question asking why, the share of the best of the next `readAfter` messages of its chat
   * a message inherits: the motivation comes before the decision it explains.
   */
  reasonShare: 0.5,
  /**
   * A later turn of a cited message's chat is its last word on the subject when its local score is
   * at least this share of the cited message's (`thread-turns.ts`).
   */
  lastWordShare: 0.5,
  /**
   * The best cited messages whose chat is read on past them before the report (`settleCalls`),
   * and how many messages after each: in a coding agent's long session the person's "yes, let's
   * do that" or "use X instead" often comes 4–6 turns after the proposal, beyond a read's 3.
   */
  settleReads: 3,
  settleAfter: 6,
  /**
   * A yes/no question ("did we add PDF export?") abstains when the app lacks one of its words
   * rarer than this family Zipf (4 ≈ 10 per million: "pdf", "redis", "translations", "endpoint";
   * not "push" 4.9 or "phones" 5.4). coding-histories dev: no-match abstention 0.38 → 0.88, no
   * answered question lost.
   */
  yesNoAbsentZipf: 4,
  /**
   * Confidence "medium" (so, on a complete report, answer_from_report) needs this evidence strength.
   * coding-histories dev, found questions answered that way without citing gold (confident-wrong):
   * 0.35 5 of 52, 0.45 2 of 52 (3 right kept), 0.55 1 of 52 (1 right kept).
   */
  mediumStrength: 0.45,
  /**
   * For a question about the present ({@link PRESENT_REQUEST}), the newest of the first
   * `presentDepth` findings leads when it states a value and its lead covers the subject within
   * `presentCoverageSlack` of the first finding's lead (coverage, 0 to < 1): of two statements about
   * the same subject, the later is the one in force. coding-histories revisions dev: answer@1 0.64 →
   * 0.68, current-first 0.26 → 0.32, every other dev set unchanged, at slack 0.1 and 0.2 alike;
   * 0.05 kept one of the two; no slack (any later finding) lost a coding-histories answer@1.
   */
  presentDepth: 3,
  presentCoverageSlack: 0.1,
});
/** The policy's tunable numbers (the shape of {@link OFFLINE_PARAMETERS}). */
export type OfflineParameters = { readonly [K in keyof typeof OFFLINE_PARAMETERS]: number };

/**
 * Words that only frame the question ("what did we decide about X?", "how did we handle X?",
 * "what do we use for X?", "what did we discuss / conclude about X?" ask about X): out of the
 * scored subject and never probed, so "decided" or "we'll use" about another topic does not
 * outrank X or stand in for an absent X, nor an unsaid "handle" or "discussed" (a chat rarely
 * names its own act) prove X absent. "agree" and "consider" measured slightly worse (BEAM-100K
 * dev): they are often the statement's own words. Matched against single lower-case words.
 */
export const DECISION_FRAME =
  /^(?:decid|decision|choos|chose|pick|settle|handl|approach|tackl|discuss|talk|conclu)\w*$|^us(?:e|es|ed|ing)$/;

/** A yes/no question: it asks whether something happened or holds ("did we …?", "is there …?"). */
export const YES_NO_QUESTION =
  /^\s*(?:did|do|does|is|are|was|were|have|has|had|should|can|could|will|would)\b/i;

/**
 * The question asks for a summary, by name or as the history of a subject over time ("what have
 * we done across sessions …", "… over the last few sessions"): its answer spans many turns, often
 * one a chat, so more are cited (coding-histories dev: focuslab's navigation question cites 2 of its
 * 3 gold turns instead of none; curated, the revisions set, the one-word set and BEAM-100K
 * unchanged). Not "so far": "how much progress have we made so far?" asks for one status (BEAM-100K
 * dev lost its answer@1).
 */
export const SUMMARY_REQUEST =
  /\b(?:summar\w*|overview|recap\w*|across\s+(?:sessions|chats)|over\s+(?:time|the\s+(?:last|past)\s+(?:few\s+|several\s+)?(?:sessions|chats|weeks|days|months)))\b/i;

/**
 * The question asks for a name: which one, where, how people get in, what is used ("what do we
 * use …", "what database does the catalog service use?"). Its answer is a thing the history names
 * (a provider, a host), which a kind's names can find (`kinds`).
 */
export const NAME_REQUEST =
  /^\s*(?:which|where)\b|^\s*how\s+do(?:es)?\s+(?:people|users|customers)\b|\bwhat\s+(?:\w+\s+)?(?:do|does|did|are|is)\s+(?:\w+\s+){0,3}?(?:use|using|pick|picked|choose|chose)\b/i;

/**
 * The question asks what holds at present or in the end ("… does the footer have now?", "how did
 * we finally get past …", "is something still outstanding?", "what did we settle on for the dev
 * port?"): of comparable statements the newest answers it (`presentDepth`). Not "current" or
 * "currently": "what did I say I'm currently paying for my place?" asks what was said then
 * (BEAM-100K dev lost two answers@1 with them). "Settle on": one-word dev set answer@1 0.53 →
 * 0.56, current-first 0.36 → 0.55 (port 3000 → 3600, a Vercel project per environment → one);
 * "end up" moved no answer and is left out.
 */
export const PRESENT_REQUEST = /\b(?:now|finally|still|settled?\s+on)\b/i;

/** The question asks for a reason: its answer is the motivation stated before a decision. */
export const REASON_REQUEST = /\bwhy\b|\breasons?\s+(?:for|behind|why)\b/i;

/** First-person singular: the question is about the person asking (their own statements). */
export const FIRST_PERSON = /\b(?:i|my|me|mine|myself)\b|\bi'(?:ve|m|d|ll)\b/i;

/**
 * The question asks what the assistant said before ("what did you recommend for caching?", "how
 * did you help me …", "the options you suggested"): not about the person's own words, even when it
 * also says "my". A present request for new advice ("what would you suggest?") is not one.
 */
export const ASSISTANT_SAID =
  /\b(?:did|had|have)\s+you\s+(?:\w+\s+)?(?:recommend|suggest|advise|propose|help|explain|say|tell|mention|give|provide|show|offer)\b|\byou(?:'ve|\s+had|\s+have)?\s+(?:recommended|suggested|advised|proposed|explained|said|told|mentioned|gave|provided|showed|offered)\b/i;

/**
 * The question is about the conversation it is asked in ("earlier in this chat"): search never
 * returns the current chat (plan § Current-chat Behavior), so only then is it read, by pages.
 */
export const ABOUT_CURRENT_CHAT =
  /\b(?:this|current|the\s+same)\s+(?:chat|conversation|thread|session|discussion)\b|\bearlier\s+(?:here|today|above)\b|\bup\s+above\b/i;

/** A policy configuration: the parameters plus the stages switched off. */
export interface PolicyConfig {
  readonly parameters: OfflineParameters;
  readonly off: ReadonlySet<OfflineStage>;
}

/** The production configuration: every stage on. */
export const DEFAULT_POLICY: PolicyConfig = Object.freeze({
  parameters: OFFLINE_PARAMETERS,
  off: new Set<OfflineStage>(),
});

/** A stable 5-decimal-digit digest of `text` (SHA-256's first 32 bits mod 100,000). */
function digest(text: string): string {
  const hash = createHash("sha256").update(text).digest().readUInt32BE(0);
  return String(hash % 100_000).padStart(5, "0");
}

/** Bumped when the pipeline's code or a cue pattern (not just a number) changes what it outputs. */
export const OFFLINE_PIPELINE_GENERATION = 95;

/**
 * The policy version of `config`: `<generation><5-digit digest of the parameters>` (a number, so
 * model ids stay `recollect-offline-<n>`), plus `-no-<stage>` for each switched-off stage in
 * {@link OFFLINE_STAGES} order.
 */
export function policyVersion(config: PolicyConfig = DEFAULT_POLICY): string {
  const off = OFFLINE_STAGES.filter((stage) => config.off.has(stage));
  const base = `${OFFLINE_PIPELINE_GENERATION}${digest(JSON.stringify(config.parameters))}`;
  return off.length === 0 ? base : `${base}-no-${off.join("-no-")}`;
}
