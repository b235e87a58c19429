import { z } from "zod";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { maxCharacters } from "../../text/character-count.js";
import { MAX_QUERY_CHARS } from "../search/search-input.js";

/** Neighbours on each side of `around_message_id`: 0–10, default 3 (DESIGN.md § Retrieval primitives). */
export const MAX_READ_NEIGHBOURS = 10;
/** Neighbours on each side when `around_message_id` is given without a count (see above). */
export const DEFAULT_READ_NEIGHBOURS = 3;
/** Page size without a target: 1–20, default 10 (DESIGN.md § Retrieval primitives). */
export const MAX_READ_LIMIT = 20;
/** Page size when no target and no limit are given (see above). */
export const DEFAULT_READ_LIMIT = 10;
/** The largest page offset: the largest integer a JSON number holds exactly. */
export const MAX_READ_OFFSET = Number.MAX_SAFE_INTEGER;
/** What `offset` may be, in every error that refuses one. */
export const READ_OFFSET_ALLOWED = `an integer from 0 to ${MAX_READ_OFFSET}`;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const neighbours = z.number().int().min(0).max(MAX_READ_NEIGHBOURS).optional();
// Blank is no focus: models fill every optional argument (DESIGN.md § Lessons).
const focus = maxCharacters(z.string(), MAX_QUERY_CHARS)
  .nullish()
  .transform((text) => (text == null || text.trim() === "" ? null : text));
const aroundSchema = z.object({
  chat_id: id,
  around_message_id: id,
  before: neighbours,
  after: neighbours,
  focus,
});
const pageSchema = z.object({
  chat_id: id,
  offset: z.number().int().min(0).max(MAX_READ_OFFSET).optional(),
  limit: z.number().int().min(1).max(MAX_READ_LIMIT).optional(),
  focus,
});
const modeSchema = z.object({ around_message_id: z.unknown().optional() });

const ALLOWED: Readonly<Record<string, string>> = {
  chat_id: "a positive integer chat id",
  around_message_id: "a positive integer message id",
  before: `an integer from 0 to ${MAX_READ_NEIGHBOURS}`,
  after: `an integer from 0 to ${MAX_READ_NEIGHBOURS}`,
  offset: READ_OFFSET_ALLOWED,
  limit: `an integer from 1 to ${MAX_READ_LIMIT}`,
  focus: `words to look for, at most ${MAX_QUERY_CHARS} characters`,
};

/**
 * A validated read: a window around a target, or a page from the chat's start; `focus` the words
 * a long message's cut is centred on (`ReadChatInput.focus`), null for none.
 */
export type ValidReadInput = (
  | {
      readonly mode: "around";
      readonly chatId: number;
      readonly targetMessageId: number;
      readonly before: number;
      readonly after: number;
    }
  | {
      readonly mode: "page";
      readonly chatId: number;
      readonly offset: number;
      readonly limit: number;
    }
) & { readonly focus: string | null };

function fail(error: z.ZodError): never {
  const argument = String(error.issues[0]?.path[0] ?? "chat_id");
  throw new InvalidInputError(argument, ALLOWED[argument] ?? "a read input object");
}

/**
 * Validates a read input (outside data). With `around_message_id` present (not null/undefined),
 * `offset`/`limit` are ignored without being checked, because models fill every optional argument
 * (DESIGN.md § Lessons); otherwise `before`/`after` are ignored.
 *
 * @throws InvalidInputError naming the first bad argument and what is allowed.
 */
export function parseReadInput(input: unknown): ValidReadInput {
  const mode = modeSchema.safeParse(input);
  const around = mode.success && mode.data.around_message_id != null;
  if (around) {
    const parsed = aroundSchema.safeParse(input);
    if (!parsed.success) fail(parsed.error);
    return {
      mode: "around",
      chatId: parsed.data.chat_id,
      targetMessageId: parsed.data.around_message_id,
      before: parsed.data.before ?? DEFAULT_READ_NEIGHBOURS,
      after: parsed.data.after ?? DEFAULT_READ_NEIGHBOURS,
      focus: parsed.data.focus,
    };
  }
  const parsed = pageSchema.safeParse(input);
  if (!parsed.success) fail(parsed.error);
  return {
    mode: "page",
    chatId: parsed.data.chat_id,
    offset: parsed.data.offset ?? 0,
    limit: parsed.data.limit ?? DEFAULT_READ_LIMIT,
    focus: parsed.data.focus,
  };
}
