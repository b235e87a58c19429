/**
 * The last word: the turns after a cited message in its own chat that settle it. An assistant's
 * proposal is answered by the person's next turn ("yes, go with Clerk", "no, use Supabase
 * instead"), and in the long
 * single sessions coding agents write, the subject often comes back later in the same session
 * with the decision that stands. A finding cites these after the message it answers, so a reader
 * meets the proposal and what became of it together. Pure.
 */
import { afterSlashCommand, rejectionSentence, revisionLead } from "./revision.js";
import type { Observation } from "./run-state.js";

/** An observed turn after a cited message, and why it is cited with it. */
export interface ThreadTurn {
  readonly observation: Observation;
  /** `reply`: the next turn, reacting to or answering it; `last_word`: the chat's last observed turn on the subject. */
  readonly kind: "reply" | "last_word";
}

/** Options of {@link threadTurns}. */
export interface ThreadTurnOptions {
  /** Every observation of the run (`Ranking.observations`), scored or not. */
  readonly observations: readonly Observation[];
  /** Local score of a candidate id (0 when the ranking did not score it). */
  readonly scoreOf: (candidateId: string) => number;
  /**
   * A later turn is on the subject when its score is at least this share of the cited message's
   * (`lastWordShare` in `policy-parameters.ts`).
   */
  readonly subjectShare: number;
}

/**
 * `next` settles `cited`: the person's reaction to the assistant's turn (it accepts, corrects or
 * overrides a proposal), or the assistant's answer to a person's turn that asks ("Can we switch
 * authentication to server sessions?" — "Yes. Decision: replace JWT …") or reports a problem
 * ({@link reportsProblem}). The assistant's reply to
 * a person's statement is not cited with it: it mostly restates the request (BEAM-100K dev: ratio
 * to the floor 1.40x with every reply, 1.60x with the person's only; coding-histories: the same
 * answer@3, conflict recall 0.14 → 0.29). The answer to a question is: curated dev answer@1
 * 0.643 → 0.690, recall 0.758 → 0.746; BEAM-100K recall 0.515 → 0.514; coding-histories unchanged.
 */
function reacts(
  cited: Observation,
  next: Observation,
  onSubject: (item: Observation) => boolean,
): boolean {
  if (cited.role === "assistant")
    return next.role === "user" && answersTurn(cited, next, onSubject);
  return next.role === "assistant" && (asks(cited) || reportsProblem(cited));
}

/** Most words of a person's reply that reacts without naming the subject ("b option and ok then start next"). */
const SHORT_REPLY_WORDS = 25;

/**
 * Longest wait, ms, after which a long reply on another subject is the next task, not a reaction:
 * a person reacting to a coding agent's answer does so within minutes of it.
 */
const REACTION_WINDOW_MS = 10 * 60 * 1000;

/**
 * The person's turn after the assistant's `turn` reacts to it: it comes within ten minutes, or is
 * short (an acceptance, a pick, a correction), or is on the subject (`onSubject`), or says it did not
 * work. A long prompt on another subject after a pause is the next task (rtchess: "The script
 * export_codex_session.py exports …", 36 minutes after the cooldown answer, was cited as its reply).
 * A turn without a time reacts.
 */
function answersTurn(
  turn: Observation,
  reply: Observation,
  onSubject: (item: Observation) => boolean,
): boolean {
  const wait =
    turn.createdAt === null || reply.createdAt === null
      ? 0
      : Date.parse(reply.createdAt) - Date.parse(turn.createdAt);
  const words = reply.text.split(/\s+/).filter(Boolean).length;
  return (
    wait <= REACTION_WINDOW_MS ||
    words <= SHORT_REPLY_WORDS ||
    onSubject(reply) ||
    rejectionSentence(reply.text) !== null
  );
}

/** "I don't see any entries", "we can't see the logs": a person saying something is missing. */
const NOT_SEEN = /\b(?:don['’]t|do\s+not|can['’]t|cannot|can\s+not)\s+see\b/i;

/**
 * A person saying they get an error ("when my CatalogClient tries to access the endpoint … I get
 * this error", "we recieved this Database Error"): a problem report the assistant's next turn
 * answers. English, misspelt "recieved" included; read in the lead.
 */
const GETS_ERROR =
  /\b(?:get|got|getting|receiv\w*|reciev\w*|seeing|hit|hitting|throws?|throwing)\s+(?:(?:this|these|an?|the|following|same)\s+){0,2}["“'`]?(?:\w+\s+)?(?:errors?|exceptions?)\b/i;

/**
 * A person's turn that says something does not work, cannot be seen or throws an error ("i write
 * db.Products.find(), i don't see any entries", "the nav still isn't fixed"; `rejectionSentence`;
 * {@link GETS_ERROR}),
 * read in its lead (`revisionLead`): a question in all but its mark, which the assistant's next turn
 * answers (a newcomer's "why can't I see my products in mongosh?" cited the person's report
 * without the reply that explained it). Dev sets unchanged; BEAM-100K one summary question up, one
 * down.
 */
function reportsProblem(observation: Observation): boolean {
  const lead = revisionLead(observation.text);
  return (
    rejectionSentence(observation.text) !== null || NOT_SEEN.test(lead) || GETS_ERROR.test(lead)
  );
}

/**
 * `reply` is the person's turn right after the assistant's `turn` in its chat (message id + 1:
 * ids are assigned in order when a chat is imported), the reaction {@link threadTurns} cites.
 */
export function personReplies(turn: Observation, reply: Observation): boolean {
  return (
    turn.chatId === reply.chatId &&
    reply.messageId === turn.messageId + 1 &&
    turn.role === "assistant" &&
    reply.role === "user"
  );
}

/** A person's turn that is only a tool's slash command, without arguments ("/code", "/ask"). */
function isBareCommand(observation: Observation): boolean {
  return observation.role === "user" && afterSlashCommand(observation.text)?.trim() === "";
}

/**
 * A turn that ends asking (a closing quote or bracket after the mark too: VS Code's
 * `@agent Continue: "Continue to iterate?"`): it settles nothing.
 */
function asks(observation: Observation): boolean {
  return /[?？]["'”’)\]]*\s*$/.test(observation.text.trim());
}

/**
 * The turns that settle `cited` in its chat, in time order, ≤ 3: the next turn when it is the
 * person's reaction to the assistant or the assistant's answer to the person's question (message
 * id + 1: ids are assigned in order when a chat is imported; {@link reacts}), then the
 * chat's last observed later turn on the subject (score ≥ `subjectShare` × the cited one's) that
 * asks nothing, when it is not that reply, and the person's reaction to that one.
 */
export function threadTurns(cited: Observation, options: ThreadTurnOptions): ThreadTurn[] {
  const { observations, scoreOf, subjectShare } = options;
  const later = observations
    .filter((item) => item.chatId === cited.chatId && item.messageId > cited.messageId)
    .sort((a, b) => a.messageId - b.messageId);
  const turns: ThreadTurn[] = [];
  const bar = subjectShare * scoreOf(cited.candidateId);
  const onSubject = (item: Observation) => bar > 0 && scoreOf(item.candidateId) >= bar;
  const states = (item: Observation) => onSubject(item) && !asks(item);
  // A person's bare command ("/code" in aider: switch to the coding mode) says nothing about the
  // turn before it; the reaction is the turn after it ("do option 1 for me").
  const skip = later[0] && later[0].messageId === cited.messageId + 1 && isBareCommand(later[0]);
  const next = skip ? later[1] : later[0];
  if (
    next &&
    next.messageId === cited.messageId + (skip ? 2 : 1) &&
    reacts(cited, next, onSubject) &&
    // A coding agent ends its answer by offering more ("Want me to apply it?"): still the answer.
    (!asks(next) || next.role === "assistant")
  ) {
    turns.push({ observation: next, kind: "reply" });
  }
  const last = later.filter(states).at(-1);
  if (last && last !== next) {
    turns.push({ observation: last, kind: "last_word" });
    // The person's reaction to that last word settles it in turn ("use @clack/prompts instead").
    const reply = later.find((item) => item.messageId === last.messageId + 1);
    if (reply && reacts(last, reply, onSubject) && !asks(reply))
      turns.push({ observation: reply, kind: "reply" });
  }
  return turns;
}

/**
 * The person's request that the assistant's `cited` turn answers (the turn just before it, message
 * id − 1) when it names the subject (`namesSubject`): in a coding agent's session the person's
 * "let's add Ollama and LM Studio" is the decision and the assistant's long reply carries it out,
 * yet the reply's length ranks it above the request. Null for a person's turn, a request on
 * another subject, or one not observed.
 */
export function promptTurn(
  cited: Observation,
  observations: readonly Observation[],
  namesSubject: (observation: Observation) => boolean,
): Observation | null {
  if (cited.role !== "assistant") return null;
  const prompt = observations.find(
    (item) => item.chatId === cited.chatId && item.messageId === cited.messageId - 1,
  );
  return prompt && prompt.role === "user" && namesSubject(prompt) ? prompt : null;
}
