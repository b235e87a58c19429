/**
 * Hand-authoring helpers for the curated suite: chats are written as labelled turns and questions
 * cite `"chat-key#label"`, so nobody counts message indexes by hand. {@link buildApp} turns the
 * specs into the suite format.
 */
import { InvalidInputError } from "../../errors/recollect-error.js";
import type { MessageRef, SuiteApp, SuiteChat, SuiteQuestion } from "../suite/suite-schema.js";

/** `summary` is an assistant message flagged `is_compaction_summary`. */
export type TurnRole = "user" | "assistant" | "summary";

/** One authored turn: role, text, optional label that questions cite as `chat#label`. */
export type Turn = readonly [role: TurnRole, content: string, label?: string];

/** One authored chat. `start` is the first message's ISO time; later turns are 4 minutes apart. */
export interface ChatSpec {
  readonly key: string;
  readonly title: string;
  readonly start: string;
  readonly turns: readonly Turn[];
  readonly pending?: boolean;
}

/** One authored question; evidence is `"chat-key#label"`. */
export interface QuestionSpec extends Omit<SuiteQuestion, "gold_evidence" | "acceptable_evidence"> {
  readonly gold: readonly string[];
  readonly acceptable?: readonly string[];
}

/** Minutes between consecutive authored turns. */
const TURN_SPACING_MS = 4 * 60_000;

/** Converts a chat spec to the suite format (times as ISO `Z` strings). */
export function buildChat(spec: ChatSpec): SuiteChat {
  const start = Date.parse(spec.start);
  if (Number.isNaN(start)) throw new InvalidInputError("start", "an ISO time", spec.key);
  return {
    key: spec.key,
    title: spec.title,
    ...(spec.pending ? { index_state: "pending" as const } : {}),
    messages: spec.turns.map(([role, content], i) => ({
      role: role === "summary" ? ("assistant" as const) : role,
      content,
      created_at: new Date(start + i * TURN_SPACING_MS).toISOString(),
      ...(role === "summary" ? { is_compaction_summary: true } : {}),
    })),
  };
}

/** Resolves `"chat#label"` against the authored chats. @throws InvalidInputError if unknown. */
export function resolveRef(chats: readonly ChatSpec[], ref: string): MessageRef {
  const [chatKey, label] = ref.split("#");
  const chat = chats.find((candidate) => candidate.key === chatKey);
  const index = chat?.turns.findIndex((turn) => turn[2] === label) ?? -1;
  if (!chat || index < 0)
    throw new InvalidInputError("evidence", "chat-key#label of an authored turn", ref);
  return { chat: chat.key, message_index: index };
}

/** Converts question specs, resolving labels against `chats` (all chats of the suite). */
export function buildQuestions(
  chats: readonly ChatSpec[],
  questions: readonly QuestionSpec[],
): SuiteQuestion[] {
  return questions.map(({ gold, acceptable, ...rest }) => ({
    ...rest,
    gold_evidence: gold.map((ref) => resolveRef(chats, ref)),
    ...(acceptable ? { acceptable_evidence: acceptable.map((ref) => resolveRef(chats, ref)) } : {}),
  }));
}

/** Builds one app from its chats (signal and noise together, sorted by start time). */
export function buildApp(key: string, name: string, chats: readonly ChatSpec[]): SuiteApp {
  const sorted = [...chats].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return { key, name, chats: sorted.map(buildChat) };
}
