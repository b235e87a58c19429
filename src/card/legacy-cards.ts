/**
 * The legacy history cards as values: `<dyad-search-chats>` and `<dyad-read-chat>` (plan § Phase 1:
 * keep their renderer support). Direct `read_chat` still emits a read card; the internal-only
 * `search_chats` keeps its search card so histories that contain such cards still show.
 *
 * A finished card carries the part of the typed result it shows (the tools pass the whole
 * `history/` result, which has these fields and more). A card read back from an older export whose
 * body is free text rather than a result is `archived`: its text is shown as text, never as markup.
 * Pending and failed cards carry no archival text.
 */
import { z } from "zod";

/** The legacy search card tag, fixed by the plan. */
export const SEARCH_CHATS_TAG = "dyad-search-chats";
/** The legacy read card tag, fixed by the plan. */
export const READ_CHAT_TAG = "dyad-read-chat";

/** One match a search card shows. `created_at` is ISO-8601; null when the stored time is no date. */
export interface ShownSearchMatch {
  readonly role: string;
  readonly created_at: string | null;
  readonly excerpt: string;
}

/** The part of a search result a search card shows. */
export interface ShownSearchResult {
  readonly query: string;
  readonly chats: readonly {
    readonly chat_id: number;
    readonly chat_title?: string | null;
    readonly matches: readonly ShownSearchMatch[];
  }[];
  readonly index_status?: string;
  readonly truncated?: boolean;
}

/** The part of a read result a read card shows. */
export interface ShownReadResult {
  readonly chat_id: number;
  readonly chat_title?: string | null;
  readonly messages: readonly {
    readonly role: string;
    readonly created_at: string | null;
    readonly content: string;
  }[];
  readonly truncated?: boolean;
}

/** A search card. */
export type SearchChatsCard =
  | { readonly state: "pending"; readonly query: string }
  | { readonly state: "done"; readonly result: ShownSearchResult }
  | { readonly state: "failed"; readonly query: string; readonly errorKind: string }
  | { readonly state: "archived"; readonly query: string; readonly text: string };

/** A read card. `chatId` is null when an archived card named none. */
export type ReadChatCard =
  | { readonly state: "pending"; readonly chatId: number }
  | { readonly state: "done"; readonly result: ShownReadResult }
  | { readonly state: "failed"; readonly chatId: number; readonly errorKind: string }
  | {
      readonly state: "archived";
      readonly chatId: number | null;
      readonly title: string | null;
      readonly text: string;
    };

/** Validates the shown part of a search result (a stored card body or an SSE event). */
export const shownSearchResultSchema = z.object({
  query: z.string().default(""),
  chats: z.array(
    z.object({
      chat_id: z.number(),
      chat_title: z.string().nullable().optional(),
      matches: z
        .array(
          z.object({ role: z.string(), created_at: z.string().nullable(), excerpt: z.string() }),
        )
        .default([]),
    }),
  ),
  index_status: z.string().optional(),
  truncated: z.boolean().optional(),
});

/** Validates the shown part of a read result. */
export const shownReadResultSchema = z.object({
  chat_id: z.number(),
  chat_title: z.string().nullable().optional(),
  messages: z.array(
    z.object({ role: z.string(), created_at: z.string().nullable(), content: z.string() }),
  ),
  truncated: z.boolean().optional(),
});

/** Validates a search card received from outside the process. */
export const searchChatsCardSchema = z.union([
  z.object({ state: z.literal("pending"), query: z.string() }),
  z.object({ state: z.literal("done"), result: shownSearchResultSchema }),
  z.object({ state: z.literal("failed"), query: z.string(), errorKind: z.string() }),
  z.object({ state: z.literal("archived"), query: z.string(), text: z.string() }),
]);

/** Validates a read card received from outside the process. */
export const readChatCardSchema = z.union([
  z.object({ state: z.literal("pending"), chatId: z.number().int() }),
  z.object({ state: z.literal("done"), result: shownReadResultSchema }),
  z.object({ state: z.literal("failed"), chatId: z.number().int(), errorKind: z.string() }),
  z.object({
    state: z.literal("archived"),
    chatId: z.number().int().nullable(),
    title: z.string().nullable(),
    text: z.string(),
  }),
]);
