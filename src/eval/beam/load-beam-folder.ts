/**
 * Reads a BEAM folder (`DIR/N/chat.json`, `DIR/N/probing_questions/probing_questions.json`, as in
 * `../shared/datasets/beam-100k`), validates every file and converts it with {@link beamToSuite}.
 * Nothing is written anywhere; the data stays where it is.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { z } from "zod";
import { ImportFormatError, InvalidInputError } from "../../errors/recollect-error.js";
import { beamChatFileSchema, beamQuestionsFileSchema } from "./beam-schema.js";
import { type BeamConversation, type BeamSuite, beamToSuite } from "./beam-to-suite.js";

/** Which conversations of the folder to load. */
export interface BeamSelection {
  /** Only these conversation numbers (folder names), in this order. */
  readonly conversations?: readonly number[];
  /** Only the first `limit` conversations in numeric order (after `conversations`). */
  readonly limit?: number;
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ImportFormatError(
      file,
      undefined,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ImportFormatError(file, undefined, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new ImportFormatError(file, undefined, `not a BEAM file: ${issues}`);
  }
  return parsed.data;
}

/** Conversation numbers present in `dir` (folders named by a positive integer), ascending. */
function conversationNumbers(dir: string): number[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error("ENOTDIR");
    names = readdirSync(dir);
  } catch (error) {
    throw new InvalidInputError(
      "--beam",
      "a BEAM folder of numbered conversation folders (N/chat.json)",
      `${dir}: ${(error as NodeJS.ErrnoException).code ?? "not a folder"}`,
    );
  }
  const numbers = names
    .filter((name) => /^[1-9][0-9]{0,5}$/.test(name) && statSync(join(dir, name)).isDirectory())
    .map(Number)
    .sort((a, b) => a - b);
  if (numbers.length === 0)
    throw new InvalidInputError(
      "--beam",
      "a BEAM folder of numbered conversation folders (N/chat.json)",
      `${dir}: no numbered folders`,
    );
  return numbers;
}

/**
 * Loads and converts the selected conversations of the BEAM folder `dir`.
 *
 * @throws InvalidInputError (`--beam`) when `dir` is not a folder of numbered conversations;
 *   (`--conversations`) when a requested number is not among them; (`--limit`) when the limit is
 *   not a positive integer.
 * @throws ImportFormatError naming the file when a file is missing, not JSON, not BEAM-shaped, or
 *   its gold ids name no message.
 */
export function loadBeamFolder(dir: string, selection: BeamSelection = {}): BeamSuite {
  const present = conversationNumbers(dir);
  let chosen = present;
  if (selection.conversations) {
    const missing = selection.conversations.filter((n) => !present.includes(n));
    if (missing.length > 0)
      throw new InvalidInputError(
        "--conversations",
        `conversation numbers present in the folder (${present[0]}-${present.at(-1)})`,
        `not found: ${missing.join(", ")}`,
      );
    chosen = [...new Set(selection.conversations)];
  }
  if (selection.limit !== undefined) {
    if (!Number.isInteger(selection.limit) || selection.limit < 1)
      throw new InvalidInputError("--limit", "a positive integer", String(selection.limit));
    chosen = chosen.slice(0, selection.limit);
  }
  const conversations: BeamConversation[] = chosen.map((number) => {
    const chatFile = join(dir, String(number), "chat.json");
    const questionsFile = join(dir, String(number), "probing_questions", "probing_questions.json");
    return {
      number,
      chat: readJson(chatFile, beamChatFileSchema),
      questions: readJson(questionsFile, beamQuestionsFileSchema),
      chatFile,
      questionsFile,
    };
  });
  return beamToSuite(`beam ${basename(dir)}`, conversations);
}
