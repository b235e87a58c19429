/**
 * `set_chat_summary`: the host's own state-changing tool, so that modes mean something (ask and
 * plan modes remove it). Persists the current chat's title and summary; it can only ever write
 * the chat the turn is in, inside the locked app.
 */
import { z } from "zod";
import { AbortedError, PreconditionError } from "../../errors/recollect-error.js";
import { setChatSummary } from "../../store/catalog/chats.js";
import type { ToolDefinition } from "./tool-definition.js";

/** The tool's name. */
export const SET_CHAT_SUMMARY_TOOL_NAME = "set_chat_summary";

/** Longest title, in characters: it fits a chat list row. */
export const MAX_CHAT_TITLE_CHARS = 120;
/** Longest summary, in characters: a short paragraph. */
export const MAX_CHAT_SUMMARY_CHARS = 2000;

const inputSchema = z.object({
  title: z.string().trim().min(1).max(MAX_CHAT_TITLE_CHARS),
  summary: z.string().trim().min(1).max(MAX_CHAT_SUMMARY_CHARS),
});

/** Input: title 1–120 chars, summary 1–2,000 chars (both trimmed). */
export type SetChatSummaryInput = z.infer<typeof inputSchema>;

/** Output: which chat was updated (the current one). */
export interface SetChatSummaryOutput {
  readonly chat_id: number;
  readonly updated: true;
}

/**
 * The `set_chat_summary` tool. Not a history tool (no Pro needed), never uses the Engine,
 * `modifiesState: true`, consent default `always` (it only labels the person's own chat).
 *
 * @throws PreconditionError (`missing: "chat"`) outside a chat, or when the current chat is not
 *   in the locked app.
 */
export const setChatSummaryTool: ToolDefinition<SetChatSummaryInput, SetChatSummaryOutput> = {
  name: SET_CHAT_SUMMARY_TOOL_NAME,
  description:
    "Set the current chat's title and a short summary of what it is about. Use once the topic of the conversation is clear; it changes only this chat.",
  inputSchema,
  defaultConsent: "always",
  usesEngineEndpoint: false,
  modifiesState: true,
  isEnabled: () => true,
  consentPreview: () => "Change the current chat's title and summary.",
  async execute(input, ctx) {
    if (ctx.abortSignal.aborted) throw new AbortedError();
    if (ctx.chatId === null) {
      throw new PreconditionError("chat", "set_chat_summary needs a current chat.");
    }
    const changed = setChatSummary(ctx.store.db, {
      chatId: ctx.chatId,
      appId: ctx.appId,
      title: input.title,
      summary: input.summary,
    });
    if (!changed) {
      throw new PreconditionError("chat", "set_chat_summary needs a current chat in this app.");
    }
    return { chat_id: ctx.chatId, updated: true };
  },
  toModelOutput: (output) => JSON.stringify(output),
};
