/**
 * report: the `submit_report` input. Each finding quotes its message's best sentence with role and
 * date, then the turns that settled it in its chat (`build-findings.ts`), never a label (never a
 * dropped option named as the choice); the statement in force of an established revision leads,
 * then statements before deferrals and questions (the person's own asking of the question counts
 * as a statement when the reply to it states one on the subject). Only an established revision (`revision.ts`) is
 * a conflict. Below the calibrated strength it abstains naming the words the app lacks (outside
 * the current chat when one was excluded); gaps name only those words; confidence from the
 * strength and its supporting chats, "medium" only at `mediumStrength`, never "high" with a
 * revision, and "low" for a subject of one term without a revision (a message about it need
 * not say what was decided) or when the first finding is advice nobody took up. Pure.
 */
import type { SubmitReportInput } from "../child-protocol.js";
import { buildFindings, type Finding, findingMessages, precedes } from "./build-findings.js";
import { absentWords, evidenceStrength } from "./evidence-strength.js";
import { gapWords } from "./gap-words.js";
import { optionLine, pickedOption } from "./option-pick.js";
import {
  type OfflineParameters,
  type PolicyConfig,
  PRESENT_REQUEST,
  REASON_REQUEST,
  SUMMARY_REQUEST,
  YES_NO_QUESTION,
} from "./policy-parameters.js";
import type { QueryModel } from "./query-model.js";
import type { RankedMessage, Ranking } from "./rank-evidence.js";
import { givingReason } from "./reason-sentence.js";
import { establishesRevision, valuesOf } from "./revision.js";
import type { SearchRun } from "./run-state.js";
import { holdsTermOf, termVector } from "./score-messages.js";
import type { Selection } from "./select-evidence.js";

/** Longest claim, chars: the report contract's bound. */
const CLAIM_CHARS = 400;

/** Longest quoted sentence in a claim, chars (claims are bounded to 400). */
const QUOTE_CHARS = 120;
/**
 * Longest quoted sentence of the first finding's lead, chars, when its claim has the room (no
 * turns fill it): the claim a person reads first. Measured by answer words (docs/EVAL.md), the
 * share of the annotated answer the first claim holds, beside its messages read from their
 * opening at the claim's length. BEAM-100K dev: 0.32 against 0.33 at 120; 0.39 against 0.39 at
 * 240; 0.39 against 0.40 at 320.
 */
const FIRST_QUOTE_CHARS = 240;
/** Longest quoted sentence of a turn that followed the cited one: a claim quotes up to three. */
const TURN_QUOTE_CHARS = 90;

/**
 * Sentences of `text` (split after . ! ? and their CJK forms, closing emphasis, quotes or brackets
 * included — "**a bug.** The …" — and at line breaks), collapsed.
 */
function sentencesOf(text: string): string[] {
  const parts = text.split(/(?<=[.!?。！？][*_"'”’)\]]*)\s+|\n+/);
  return parts.map((part) => part.replace(/\s+/g, " ").trim()).filter((part) => part.length > 0);
}

/**
 * At most this many words and a closing colon make a sentence a heading ("Key pieces:"), quoted
 * with what it introduces; a longer one ending in a colon says something itself.
 */
const HEADING_WORDS = 4;

/**
 * A sentence that labels rather than says: a markdown heading ("## ⚠️ Note About Test Files"), a
 * line that is all bold ("**Changes Made to All Pages:**"), or an agent's tool trace ("Read file:
 * app/components/Navigation.tsx"). It names the subject without saying anything of it.
 */
const LABEL_LINE =
  /^(?:…|[>*\s-]|\d+\.\s)*(?:(?:read|edited|listed|searched|grep(?:ped)?|ran)\s+(?:file|directory|codebase|files|search|tool)\b|#+\s|\*\*[^*]+\*\*:?$)/i;
/**
 * A {@link LABEL_LINE}'s query weight counts this much when the quote is chosen: a sentence of the
 * same message that says something of half its weight is quoted first. Coding-histories dev,
 * answer words 0.302 → 0.305 (three first claims gain words, none loses); revisions 0.225 →
 * 0.226; one-word and BEAM-100K unchanged. Also counting "let me check …" lost answer words on
 * the revisions set; also counting "I'll …" lost one-word's 0.272 → 0.238 ("I'll verify that
 * staging and production are now using separate Supabase databases" says what was done).
 */
const LABEL_LINE_SHARE = 0.5;

/**
 * The sentence of `text` with the most query weight (the first on ties), whitespace collapsed,
 * at most `chars` long: a longer one is cut to the window holding the most of the query
 * ({@link weightiestWindow}), so the words that matched are the ones quoted. A
 * sentence `answers` accepts (the yes or no to a yes/no question, {@link answeringYesNo}) comes
 * before every other: "Django is not a good add-on" over a sentence that names both "Django" and
 * "backend" in a section title. A heading, bold line or tool trace ({@link LABEL_LINE}) counts at
 * {@link LABEL_LINE_SHARE} of its weight. A heading that only introduces what
 * follows ("Key pieces:", {@link HEADING_WORDS}) is quoted with its next sentence, which says what
 * it introduces.
 */
export function bestSentence(
  text: string,
  model: QueryModel,
  chars = QUOTE_CHARS,
  answers: (sentence: string, previous?: string) => boolean = () => false,
): string {
  const sentences = sentencesOf(text);
  // Each sentence scored once: its terms' query weight, plus 1 when it answers (query weights
  // sum to 1, so a sentence that answers outranks every one that does not).
  const scores = sentences.map((part, i) => {
    const { tf } = termVector(part);
    let weight = 0;
    for (const [term, w] of model.weights) if (tf.has(term)) weight += w;
    const own = LABEL_LINE.test(part) ? LABEL_LINE_SHARE * weight : weight;
    return own + (answers(part, sentences[i - 1]) ? 1 : 0);
  });
  const at = scores.reduce((a, score, i) => (score > (scores[a] ?? 0) ? i : a), 0);
  const chosen = sentences[at] ?? "";
  const next = sentences[at + 1];
  const heading = chosen.endsWith(":") && chosen.split(" ").length <= HEADING_WORDS;
  const best = heading && next !== undefined ? `${chosen} ${next}` : chosen;
  if (best.length <= chars) return best;
  const words = best.split(" ");
  const { start, end } = weightiestWindow(words, model, chars);
  const head = start > 0 ? "…" : "";
  const tail = end < words.length ? "…" : "";
  const window = words.slice(start, end).join(" ");
  // A single word longer than the quote (a URL, a log line) is cut to fit.
  return window.length + head.length + tail.length > chars
    ? `${head}${window.slice(0, chars - head.length - 1)}…`
    : `${head}${window}${tail}`;
}

/** Words kept before the first word asked about when a long sentence is cut to fit. */
const LEAD_IN_WORDS = 3;

/**
 * The run of `words` [start, end) that fits in `chars` (joined by spaces, with room for an ellipsis
 * on each cut side) and holds the most query weight, each query term counted once. Of the runs
 * that hold it, the one opening {@link LEAD_IN_WORDS} words before the latest run's first word (a
 * word asked about), or as close after as still holds it: the words asked about come early and
 * what the sentence says of them follows ("…we moved the dev server to port 3600 because…"), and
 * a sentence whose first words are asked about is quoted from its start ("I've never actually
 * obtained an API key …", not "…actually obtained an API key …", which drops the "never").
 * A sentence holding no word asked about is quoted from its start. Sliding window, O(words). At
 * least one word.
 */
export function weightiestWindow(
  words: readonly string[],
  model: QueryModel,
  chars: number,
): { start: number; end: number } {
  const termsOf = words.map((word) =>
    [...termVector(word).tf.keys()].filter((t) => model.weights.has(t)),
  );
  const held = new Map<string, number>();
  const runs: { end: number; weight: number }[] = [];
  let weight = 0;
  let length = -1;
  let end = 0;
  const count = (at: number, step: 1 | -1) => {
    for (const term of termsOf[at] ?? []) {
      const before = held.get(term) ?? 0;
      if (before === (step === 1 ? 0 : 1)) weight += step * (model.weights.get(term) ?? 0);
      held.set(term, before + step);
    }
  };
  for (let start = 0; start < words.length; start++) {
    // Room for the ellipses a cut on either side adds.
    const room = chars - (start > 0 ? 1 : 0) - 1;
    while (end < words.length && length + 1 + (words[end]?.length ?? 0) <= room) {
      length += 1 + (words[end]?.length ?? 0);
      count(end, 1);
      end++;
    }
    runs.push({ end: Math.max(end, start + 1), weight });
    if (end > start) {
      length -= 1 + (words[start]?.length ?? 0);
      count(start, -1);
    } else end = start + 1;
  }
  const most = runs.reduce((top, run) => Math.max(top, run.weight), 0);
  // Nothing asked about: the sentence is quoted from its start.
  if (most <= 0) return { start: 0, end: runs[0]?.end ?? 1 };
  const holds = (at: number) => (runs[at]?.weight ?? -1) >= most - 1e-9;
  const latest = runs.findLastIndex((_, at) => holds(at));
  let start = Math.max(0, latest - LEAD_IN_WORDS);
  while (!holds(start)) start++;
  return { start, end: runs[start]?.end ?? start + 1 };
}

/** The ISO date (`2026-04-07`) of a message's time; `unknown date` when the store has none. */
function dayOf(createdAt: string | null): string {
  return createdAt === null ? "unknown date" : createdAt.slice(0, 10);
}

/** `item` as a claim quotes it: its `label`, who said it and when, then `sentence`. */
function quoted({ observation }: RankedMessage, sentence: string, label = ""): string {
  return `${label}${observation.role} on ${dayOf(observation.createdAt)}: "${sentence}"`;
}

/** The sentences of `item` that are no questions. */
function statementsOf(item: RankedMessage): string[] {
  return sentencesOf(item.observation.text).filter((part) => !/[?？]$/.test(part));
}

/** A sentence of `item` that is no question states a value ({@link valuesOf}) `question` lacks. */
function statesValue(item: RankedMessage, question: QueryModel): boolean {
  const named = holdsTermOf(question);
  const statements = statementsOf(item);
  return statements.some((part) => [...valuesOf(part)].some((value) => !named(value)));
}

/** A yes or no: the words that answer a yes/no question ("we don't need it", "yes", "never"). */
const POLARITY_WORDS = String.raw`yes|yeah|yep|no|nope|not|never|\w+n['’]t|(?:do|does|did|is|are|was|wo|ca|should|would)nt`;

/** A yes or no ({@link POLARITY_WORDS}) as one whole word of a sentence, punctuation around it allowed. */
const POLARITY_WORD = new RegExp(String.raw`^\W*(?:${POLARITY_WORDS})\W*$`, "i");

/**
 * Words on either side of a yes or no within which it must name the subject: "Django is not a good
 * add-on", "we dont need backward compatibility"; not "No extra options; prompt_history.md is always
 * generated from the exported session" (rtchess, "do we still need export_codex_session.py?").
 */
const POLARITY_REACH = 4;

/**
 * A sentence of `item` that is no question says yes or no ({@link POLARITY_WORD}) about a word of the
 * `question`'s subject: the answer to a yes/no question ("do we need backward compatibility?" —
 * "we dont need backward compatibility, just migrate"), which names no value.
 */
function answersYesNo(item: RankedMessage, subject: QueryModel): boolean {
  return statementsOf(item).some(answeringYesNo(subject));
}

/**
 * Whether a sentence is no question and says yes or no ({@link POLARITY_WORD}) about a word of
 * `subject`: "Django is not a good add-on" for "should we use Django for the backend?".
 */
export function answeringYesNo(subject: QueryModel): (sentence: string) => boolean {
  const onSubject = holdsTermOf(subject);
  return (part) => {
    if (/[?？]$/.test(part)) return false;
    const words = part.split(/\s+/);
    return words.some(
      (word, at) =>
        POLARITY_WORD.test(word) &&
        onSubject(words.slice(Math.max(0, at - POLARITY_REACH), at + POLARITY_REACH + 1).join(" ")),
    );
  };
}

/**
 * The line of the lead, an assistant's turn, that opens the option the person's reply in `finding`
 * picked by its label ("b option" after "(a) … (b) Keep confirmation on …"), cut to the quote's
 * length; null when the reply picks none or the lead lists no such option (`option-pick.ts`).
 */
function pickedLine(finding: Finding): string | null {
  const { role, text } = finding.lead.observation;
  const reply = finding.turns.find((item) => item.observation.role === "user");
  const picked = reply ? pickedOption(reply.observation.text) : null;
  const line = role === "assistant" && picked !== null ? optionLine(text, picked) : null;
  if (line === null) return null;
  return line.length <= QUOTE_CHARS ? line : `${line.slice(0, QUOTE_CHARS - 1)}…`;
}

/**
 * A claim (at most `CLAIM_CHARS`, 400): the person's request it answers, shorter, then the lead's
 * best sentence (the option the person picked, when they picked one by its label), then each
 * settling turn's, shorter, with who and when. Too long, it drops the request, then the turns
 * between the lead and the last word; a lead that is the person's question keeps the assistant's
 * reply instead. `label` prefixes the lead's quote ("Newer statement — "). The lead's sentence is
 * quoted in up to `QUOTE_CHARS` (120), or up to `leadChars` when the rest of the claim leaves that
 * much room. Pure.
 */
export function claimOf(
  finding: Finding,
  model: QueryModel,
  label: string,
  answers: (sentence: string, previous?: string) => boolean = () => false,
  leadChars = QUOTE_CHARS,
): string {
  const turn = (item: RankedMessage) =>
    quoted(item, bestSentence(item.observation.text, model, TURN_QUOTE_CHARS, answers));
  const asked = finding.prompt ? `Asked by ${turn(finding.prompt)} ` : "";
  const then = finding.turns.map((item) => ` Then ${turn(item)}`);
  const spare =
    CLAIM_CHARS - asked.length - then.join("").length - quoted(finding.lead, "", label).length;
  const room = Math.max(QUOTE_CHARS, Math.min(leadChars, spare));
  const sentence =
    pickedLine(finding) ?? bestSentence(finding.lead.observation.text, model, room, answers);
  const lead = quoted(finding.lead, sentence, label);
  // The last turn is the word that settled it: when the claim is too long, the request goes
  // first, then the turns between, so the last word is never the part cut off.
  const fits = (text: string) => text.length <= CLAIM_CHARS;
  const full = `${asked}${lead}${then.join("")}`;
  if (fits(full)) return full;
  const unasked = `${lead}${then.join("")}`;
  if (fits(unasked)) return unasked;
  const last = then.at(-1) ?? "";
  // When the lead is the person's question, the assistant's reply is its answer: it stays, with
  // the last word after it when both fit ("…what do you propose?" Then "I'll implement reject
  // from Intake …", not only the person's next request).
  const reply = ASKING.test(finding.lead.observation.text.trim())
    ? finding.turns.findIndex((item) => item.observation.role === "assistant")
    : -1;
  if (finding.lead.observation.role === "user" && reply >= 0) {
    const answered = `${lead}${then[reply]}`;
    const settled = reply < then.length - 1 ? `${answered}${last}` : answered;
    if (fits(settled)) return settled;
    return answered.slice(0, CLAIM_CHARS);
  }
  return `${lead.slice(0, Math.max(0, CLAIM_CHARS - last.length))}${last}`.slice(0, CLAIM_CHARS);
}

/** A question: it starts with a question word or ends with a question mark. */
const ASKING = /^(?:what|which|how|where|why|when|should|could|can|would|do|does|is|are)\b|[?？]$/i;

/**
 * `finding` answers a question of the person's (its `prompt` asks, {@link ASKING}) and no turn of
 * theirs follows it in the finding: a proposal nobody took up.
 */
function advice(finding: Finding): boolean {
  const asked = finding.prompt?.observation.text.trim() ?? "";
  return ASKING.test(asked) && !finding.turns.some((turn) => turn.observation.role === "user");
}

/** What the report needs of the run besides its ranking. */
export interface ReportContext {
  /** The question as asked (its form: a yes/no question, `evidence-strength.ts`). */
  readonly question: string;
  /** A current chat was excluded from the searches (plan § Current-chat Behavior). */
  readonly outsideCurrentChat: boolean;
}

/**
 * One conflict per revising statement: of the earlier statements it turns away from (a person's
 * decision and the assistant's restatement of it, say), the one the ranking put highest. The
 * others said the same earlier thing; a conflict each repeated it (BEAM-100K dev: three
 * conflicts against one newer statement). Time order of `revisions` kept.
 */
function onePerRevision(
  revisions: readonly (readonly [RankedMessage, RankedMessage])[],
): (readonly [RankedMessage, RankedMessage])[] {
  const best = new Map<RankedMessage, RankedMessage>();
  for (const [older, newer] of revisions) {
    const kept = best.get(newer);
    if (kept === undefined || older.relevance > kept.relevance) best.set(newer, older);
  }
  return revisions.filter(([older, newer]) => best.get(newer) === older);
}

/**
 * `ordered` with the newest of its first `presentDepth` findings moved to the front when it is
 * later than the first, its lead says something that is no question (`statementsOf`) and the
 * lead's coverage is within `presentCoverageSlack` of the first's: for a question about the
 * present, of two statements about the same subject the later one is in force (focuslab, "what
 * background does the footer have now?": the revert to the mockup's gradients, not the earlier
 * footer change). A statement need not name a value here: "Simplified the export script into a
 * reader of the exported file" is in force over the earlier version it replaced, though it names
 * only files the question's words are in (a newcomer's rtchess question; requiring a value moved
 * no dev-set question). Unchanged when the first finding is already a revision's newer side
 * (`inForce`).
 */
function newestComparableFirst(
  ordered: readonly Finding[],
  inForce: (finding: Finding) => boolean,
  parameters: OfflineParameters,
): Finding[] {
  const [first, ...rest] = ordered;
  if (first === undefined || inForce(first)) return [...ordered];
  const floor = first.lead.coverage - parameters.presentCoverageSlack;
  const states = (item: Finding) => statementsOf(item.lead).length > 0;
  const newest = rest
    .slice(0, parameters.presentDepth - 1)
    .filter(
      (item) => states(item) && item.lead.coverage >= floor && precedes(first.lead, item.lead),
    )
    .reduce<Finding | undefined>(
      (best, item) => (best === undefined || precedes(best.lead, item.lead) ? item : best),
      undefined,
    );
  return newest === undefined
    ? [...ordered]
    : [newest, ...ordered.filter((item) => item !== newest)];
}

/**
 * Builds the report for `selection` of `ranking`, whose evidence strength (`evidence-strength.ts`,
 * −1 to < 1, from the ranking and the run's `searches`) decides abstention and confidence.
 * `context.outsideCurrentChat`: a current chat was excluded from the search, so an absent word is absent
 * only outside it. Findings: the newer side of each established revision first (the statement in
 * force), then statements before deferrals and questions, best first; for a question about the
 * present, the newest comparable statement first ({@link newestComparableFirst}). Ordering every
 * strong answer newest first for such a question was measured and dropped (coding-histories dev:
 * answer@1 0.25 → 0.23, superseded 0.43 → 0.29).
 */
export function writeReport(
  ranking: Ranking,
  selection: Selection,
  searches: readonly SearchRun[],
  config: PolicyConfig,
  context: ReportContext,
): SubmitReportInput {
  const { outsideCurrentChat } = context;
  const { parameters, off } = config;
  const strength = evidenceStrength(ranking, searches, parameters, context.question);
  const abstain = !off.has("abstain") && strength < parameters.abstainStrength;
  const absent = gapWords(
    absentWords(ranking, searches, context.question),
    context.question,
    parameters,
  );
  const where = outsideCurrentChat ? " outside the current chat" : "";
  const never = `The history${where} never mentions: ${absent.join(", ")}.`;
  if (selection.cited.length === 0 || abstain) {
    const reason = absent.length ? never : "No earlier message matched enough of the question.";
    const summary = `Extractive summary (offline engine): ${reason}`.slice(0, 1200);
    return {
      summary,
      findings: [],
      conflicts: [],
      missing_coverage: [reason.slice(0, 200)],
      confidence: "low",
    };
  }
  const built = buildFindings(
    ranking,
    selection.cited,
    config,
    !SUMMARY_REQUEST.test(context.question),
  );
  const revisions = built.revisions.slice(0, parameters.maxRevisions);
  const older = new Set(revisions.map(([o]) => o));
  const newer = new Set(revisions.map(([, n]) => n));
  const inForce = (finding: Finding) => newer.has(finding.lead) && !older.has(finding.lead);
  // Statements lead: a deferral ("we can pick the database next") or a question shares the
  // question's words but states no value (`statesValue`). A reason names no value either ("a
  // chess variant that isn't real time, but pieces have a cooldown"): for a question asking why,
  // the ranking's order stands.
  const yesNo = YES_NO_QUESTION.test(context.question);
  const why = REASON_REQUEST.test(context.question);
  const states = (item: RankedMessage) =>
    statesValue(item, ranking.question) || (yesNo && answersYesNo(item, ranking.subject));
  // The person asking the very question (their turn the closest match of all the findings)
  // states nothing, but the assistant's reply to it does: "I started a case by mistake and can't
  // delete it, what do you propose?" before "close it from Intake as Opened in error". The reply
  // must be on the subject: "Unity or Godot for Starforge?" holds the app's name, and its reply
  // answers another question than "how does Starforge make money?" (curated dev).
  const closest = Math.max(0, ...built.findings.map((finding) => finding.lead.coverage));
  const replyOf = (finding: Finding) =>
    finding.lead.observation.role === "user" && finding.lead.coverage >= closest
      ? finding.turns.find((turn) => turn.observation.role === "assistant")
      : undefined;
  const onSubject = holdsTermOf(ranking.subject);
  const leads = (finding: Finding) => {
    const reply = replyOf(finding);
    return (
      why ||
      states(finding.lead) ||
      (reply !== undefined && onSubject(reply.observation.text) && states(reply))
    );
  };
  const ranked = built.findings
    // A revised statement is quoted in its conflict only: a second quote pushed conflicts out.
    .filter((finding) => !older.has(finding.lead))
    .sort((x, y) => Number(inForce(y)) - Number(inForce(x)) || Number(leads(y)) - Number(leads(x)))
    .slice(0, 8);
  const ordered =
    off.has("present") || !PRESENT_REQUEST.test(context.question)
      ? ranked
      : newestComparableFirst(ranked, inForce, parameters);
  // One label: two findings in force agree (a decision and the turn that carried it out), and
  // two "newer statement" labels, the second dated earlier, read as two competing answers.
  const labelled = ordered.find(inForce);
  // A finding that is no side of a revision may still state what a newer side turned away from
  // (the proposal "session cookies" before the decision "go with session cookies", both before
  // "switching from session cookies to Clerk"): it says so, rather than read as a current answer.
  // Its lead or later turns only: a request it answers ("our Supabase bill tripled") was the
  // problem the revision solved, not a statement it revised (curated dev: 1 false label of 3).
  const revisedLater = (finding: Finding) =>
    !inForce(finding) &&
    [finding.lead, ...finding.turns].some((item) =>
      [...newer].some(
        (revising) =>
          precedes(item, revising) &&
          establishesRevision(item.observation, revising.observation, onSubject),
      ),
    );
  const labelOf = (finding: Finding) =>
    finding === labelled ? "Newer statement — " : revisedLater(finding) ? "Revised later — " : "";
  // A yes/no question is answered by a sentence saying yes or no, a why-question by one giving
  // a reason: each is quoted before a sentence that only names the subject.
  const answers = yesNo
    ? answeringYesNo(ranking.subject)
    : why
      ? givingReason(ranking.subject)
      : undefined;
  const findings = ordered.map((finding, i) => ({
    claim: claimOf(
      finding,
      ranking.expanded,
      labelOf(finding),
      answers,
      i === 0 ? FIRST_QUOTE_CHARS : QUOTE_CHARS,
    ),
    candidate_ids: findingMessages(finding).map((item) => item.observation.candidateId),
  }));
  const conflicts = onePerRevision(revisions).map(([o, n]) => ({
    description: `Revised on ${dayOf(n.observation.createdAt)}: the later statement (listed second) turns away from what the earlier one (${dayOf(o.observation.createdAt)}) stated.`,
    candidate_ids: [o.observation.candidateId, n.observation.candidateId],
  }));
  const gaps = absent.length > 0 ? [never.slice(0, 200)] : [];
  const cited = built.findings.flatMap(findingMessages);
  const support = selection.cited.filter((item) => item.coverage >= parameters.lowStrength);
  const chatsOf = (items: readonly { readonly chatId: number }[]) =>
    new Set(items.map((item) => item.chatId)).size;
  const observed = cited.map((item) => item.observation);
  const corroborated =
    chatsOf(support.map((item) => item.observation)) >= parameters.highSupportChats;
  // One subject word said often is a message about it, not one that answers what was decided:
  // a claim above "low" needs the question to name its subject in more words than one, or a
  // revision showing that the cited statements give the subject values.
  const named = ranking.subject.weights.size >= parameters.answerSubjectTerms;
  // A name the question asks about that the gap says the history never mentions ("GraphQL" in
  // "what did we decide about GraphQL for the catalog API?") leaves the answer open, whatever
  // else matched: the report must not say medium (nor, so, complete) beside that gap (a
  // newcomer's check on the shared corpus; no dev-set label moves).
  const namesAsked = new Set([...valuesOf(context.question)].map((value) => value.toLowerCase()));
  const gapFree = !absent.some((word) => namesAsked.has(word.toLowerCase()));
  const high =
    gapFree &&
    named &&
    strength >= parameters.highStrength &&
    corroborated &&
    revisions.length === 0;
  const medium =
    gapFree && (named || revisions.length > 0) && strength >= parameters.mediumStrength;
  // The answer to the person's question that they never took up is advice, not a decision: a
  // newcomer's "where did we decide to deploy, and with which database?" came back complete and
  // high on "Practical default: Neon (or Supabase) …, Vercel …" (PaperBites). Dev sets: no answer
  // figure moves; BEAM-100K moves 5 of 190 medium answers to low (2 of them led by gold).
  const settled = ordered[0] === undefined || !advice(ordered[0]);
  const confidence = !settled ? "low" : high ? "high" : medium ? "medium" : "low";
  return {
    summary: `Extractive summary (offline engine): ${observed.length} cited message(s) from ${chatsOf(observed)} chat(s), best match first, each with the turns that followed it${conflicts.length > 0 ? `; ${conflicts.length} revision(s): the statement in force leads the findings` : ""}. Quotes are not interpreted.`,
    findings,
    conflicts,
    missing_coverage: gaps,
    confidence,
  };
}
