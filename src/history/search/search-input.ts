import { z } from "zod";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { maxCharacters } from "../../text/character-count.js";
import { boundedTextError, wordlessTextError } from "../text/bounded-text-error.js";
import type { SearchChatsInput } from "../types.js";

/** Query length bound, characters (code points; DESIGN.md § Retrieval primitives). */
export const MAX_QUERY_CHARS = 500;
/** Chats per search: 1–20, default 8 (DESIGN.md § Retrieval primitives). */
export const MAX_SEARCH_LIMIT = 20;
export const DEFAULT_SEARCH_LIMIT = 8;

const schema = z.object({
  // Not `hasVisibleText`: a model's search for a control character finds nothing, harmlessly;
  // only a person's explore question of nothing visible is refused as a usage error.
  query: maxCharacters(z.string(), MAX_QUERY_CHARS).refine((query) => query.trim() !== ""),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
});

const ALLOWED: Readonly<Record<string, string>> = {
  query: `a non-blank string of at most ${MAX_QUERY_CHARS} characters`,
  limit: `an integer from 1 to ${MAX_SEARCH_LIMIT}`,
};

/** What a person's query may be (`parsePersonSearchInput`). */
const PERSON_QUERY_ALLOWED = `${ALLOWED.query} with a letter or digit`;

/** A validated search input with defaults applied. */
export interface ValidSearchInput {
  readonly query: string;
  readonly limit: number;
}

/**
 * Validates `input` (outside data: a model or a person wrote it).
 *
 * @throws InvalidInputError naming `query` or `limit` and what is allowed; a query over 500
 *   characters says its length and the limit (`TextTooLongError`).
 */
export function parseSearchInput(input: SearchChatsInput | unknown): ValidSearchInput {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const argument = String(parsed.error.issues[0]?.path[0] ?? "query");
    const allowed = ALLOWED[argument] ?? "a search input object";
    const { query } = (input ?? {}) as { query?: unknown };
    throw (
      (argument === "query" && typeof query === "string"
        ? boundedTextError(argument, allowed, query, MAX_QUERY_CHARS)
        : null) ?? new InvalidInputError(argument, allowed)
    );
  }
  return { query: parsed.data.query, limit: parsed.data.limit ?? DEFAULT_SEARCH_LIMIT };
}

/**
 * {@link parseSearchInput} for a query a person typed (`recollect search`): a query of only
 * control or invisible characters (ESC, BEL, U+200B …), or with no letter or digit ("?!"), is
 * refused too, as `explore` refuses such a question, rather than answered "no matching chats".
 * Both refusals say the same allowed text. The internal `search_chats` tool keeps
 * {@link parseSearchInput}'s leniency: a model's search for such text finds nothing, harmlessly.
 *
 * @throws InvalidInputError naming `query` or `limit` and what is allowed (for invisible text the
 *   detail says "got only control or invisible characters", for no letter or digit "got no
 *   letter or digit to search for"); `TextTooLongError` over 500.
 */
export function parsePersonSearchInput(input: SearchChatsInput | unknown): ValidSearchInput {
  const valid = parseSearchInput(input);
  const refused =
    boundedTextError("query", PERSON_QUERY_ALLOWED, valid.query, MAX_QUERY_CHARS) ??
    wordlessTextError("query", PERSON_QUERY_ALLOWED, valid.query);
  if (refused !== null) throw refused;
  return valid;
}
