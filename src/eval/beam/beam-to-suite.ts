/**
 * Maps parsed BEAM conversations onto the eval suite model (docs/EVAL.md § BEAM), so a BEAM run
 * goes through the same import, indexing, explorer and scoring path as a suite file:
 *
 * - one conversation → one app (`beam-N`);
 * - one turn group → one chat, titled by its first user message (the importers' derived title);
 * - `created_at` strictly increasing within the conversation: batch `b` starts no earlier than
 *   {@link BEAM_EPOCH} + `b` weeks, each group one hour after the previous group's start at the
 *   earliest, each message one minute after the previous one;
 * - `source_chat_ids` (message ids, nested lists and dicts flattened) → gold evidence;
 * - `abstention` → an `absent` question;
 * - `knowledge_update` / `contradiction_resolution` whose gold spans at least two chats → a
 *   conflict is expected.
 *
 * A non-abstention question with no gold ids cannot be scored and is skipped (counted).
 */
import { ImportFormatError } from "../../errors/recollect-error.js";
import { titleFromPrompt } from "../../importers/text-helpers.js";
import {
  BEAM_CATEGORIES,
  type EvalSuite,
  evalSuiteSchema,
  MAX_ANSWER_CHARS,
  type MessageRef,
  type SuiteApp,
  type SuiteChat,
  type SuiteQuestion,
} from "../suite/suite-schema.js";
import {
  type BeamChatFile,
  type BeamQuestion,
  type BeamQuestionsFile,
  flattenIds,
} from "./beam-schema.js";

/** One parsed conversation folder. */
export interface BeamConversation {
  /** The folder's number (`N` of `N/chat.json`). */
  readonly number: number;
  readonly chat: BeamChatFile;
  readonly questions: BeamQuestionsFile;
  /** File paths, named in errors. */
  readonly chatFile: string;
  readonly questionsFile: string;
}

/** The converted suite plus what could not be converted. */
export interface BeamSuite {
  readonly suite: EvalSuite;
  /** Ids of non-abstention questions skipped because they list no gold message. */
  readonly skipped: readonly string[];
}

/** Start of the first batch of every conversation (arbitrary; only the order matters). */
export const BEAM_EPOCH_MS = Date.UTC(2024, 0, 1);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** Categories whose gold, when it spans two chats, is an old and a new statement: a conflict. */
const CONFLICT_CATEGORIES: ReadonlySet<string> = new Set([
  "knowledge_update",
  "contradiction_resolution",
]);

interface ConvertedApp {
  readonly app: SuiteApp;
  /** BEAM message id → where it landed. */
  readonly refs: ReadonlyMap<number, MessageRef>;
}

function convertChats(conversation: BeamConversation): ConvertedApp {
  const key = `beam-${conversation.number}`;
  const chats: SuiteChat[] = [];
  const refs = new Map<number, MessageRef>();
  let cursor = Number.NEGATIVE_INFINITY;
  conversation.chat.forEach((batch, b) => {
    let groupStart = Math.max(cursor + MINUTE_MS, BEAM_EPOCH_MS + b * WEEK_MS);
    for (const group of batch.turns) {
      const chatKey = `${key}-g${chats.length + 1}`;
      const messages = group.map((message, i) => {
        if (refs.has(message.id))
          throw new ImportFormatError(
            conversation.chatFile,
            undefined,
            `message id ${message.id} appears twice`,
          );
        refs.set(message.id, { chat: chatKey, message_index: i });
        cursor = groupStart + i * MINUTE_MS;
        return {
          role: message.role,
          content: message.content,
          created_at: new Date(cursor).toISOString(),
        };
      });
      const title = titleFromPrompt(group.find((message) => message.role === "user")?.content);
      chats.push({ key: chatKey, ...(title ? { title } : {}), messages });
      groupStart = Math.max(cursor + MINUTE_MS, groupStart + HOUR_MS);
    }
  });
  return { app: { key, name: key, chats }, refs };
}

/** BEAM's reference answer (`answer`, else `ideal_answer`) as the suite question's `answer`. */
function referenceAnswer(item: BeamQuestion): { answer?: string } {
  const answer = (item.answer ?? item.ideal_answer)?.trim();
  return answer ? { answer: answer.slice(0, MAX_ANSWER_CHARS) } : {};
}

function convertQuestions(
  conversation: BeamConversation,
  converted: ConvertedApp,
  skipped: string[],
): SuiteQuestion[] {
  const questions: SuiteQuestion[] = [];
  for (const category of BEAM_CATEGORIES) {
    (conversation.questions[category] ?? []).forEach((item, i) => {
      const id = `${converted.app.key}-${category}-${i + 1}`;
      if (category === "abstention") {
        questions.push({
          id,
          app: converted.app.key,
          question: item.question,
          category,
          expected: "absent",
          gold_evidence: [],
        });
        return;
      }
      const gold: MessageRef[] = [];
      for (const messageId of new Set(flattenIds(item.source_chat_ids))) {
        const ref = converted.refs.get(messageId);
        if (!ref)
          throw new ImportFormatError(
            conversation.questionsFile,
            undefined,
            `${category}[${i}].source_chat_ids: no message with id ${messageId} in chat.json`,
          );
        gold.push(ref);
      }
      if (gold.length === 0) {
        skipped.push(id);
        return;
      }
      const goldChats = new Set(gold.map((ref) => ref.chat));
      questions.push({
        id,
        app: converted.app.key,
        question: item.question,
        category,
        expected: "found",
        gold_evidence: gold,
        ...referenceAnswer(item),
        ...(CONFLICT_CATEGORIES.has(category) && goldChats.size >= 2
          ? { expect_conflict: true }
          : {}),
      });
    });
  }
  return questions;
}

/**
 * Converts conversations (in the given order) into one suite named `name`. Pure.
 *
 * @throws ImportFormatError naming the conversation's file when a message id repeats, a gold id
 *   names no message, or the result breaks a suite limit (e.g. more than 32 gold messages).
 */
export function beamToSuite(name: string, conversations: readonly BeamConversation[]): BeamSuite {
  const skipped: string[] = [];
  const apps: SuiteApp[] = [];
  const questions: SuiteQuestion[] = [];
  for (const conversation of conversations) {
    const converted = convertChats(conversation);
    apps.push(converted.app);
    questions.push(...convertQuestions(conversation, converted, skipped));
  }
  const parsed = evalSuiteSchema.safeParse({ version: 1, name, apps, questions });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    const appIndex = path[0] === "apps" ? Number(path[1]) : null;
    const questionApp = path[0] === "questions" ? questions[Number(path[1])]?.app : undefined;
    const conversation =
      appIndex !== null
        ? conversations[appIndex]
        : conversations.find((c) => `beam-${c.number}` === questionApp);
    throw new ImportFormatError(
      (path[0] === "questions" ? conversation?.questionsFile : conversation?.chatFile) ?? name,
      undefined,
      `does not fit the eval suite model: ${path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
    );
  }
  return { suite: parsed.data, skipped };
}
