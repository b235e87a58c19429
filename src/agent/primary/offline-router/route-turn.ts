/**
 * The offline router's policy, as a pure function of the prompt and the offered tools:
 * - the last message is the person's and asks about earlier chats, and `explore_chat_history` is
 *   offered → call it once with the question;
 * - the last message is the explorer's result → reply under its card with only what the card does
 *   not say (`textUnderCard`: a question back, or nothing); except when the report's host-derived `action` is `read_targets` and `read_chat` is
 *   offered: then first read the strongest cited target (one drill-down, the plan's "known
 *   evidence target → read"), and answer after it;
 * - the last message is that read_chat result → the same reply, plus what was read;
 * - a greeting or another question → a plain answer (help), never a tool;
 * - a statement (a note such as "Decision: billing goes through Stripe.") → a short
 *   acknowledgement and no tool, so the chat keeps it as an ordinary turn that the index holds
 *   and a later exploration from another chat can find (a turn answered by a history tool is
 *   indexed without what its query repeats; see `history/projection`).
 * It never calls the explorer twice in one turn, reads at most once, and never calls a tool it was
 * not offered.
 */
import type {
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3ToolResultPart,
} from "@ai-sdk/provider";
import { z } from "zod";
import { citationLink } from "../../../card/citation-link.js";
import {
  type ExploreChatHistoryReport,
  exploreChatHistoryReportSchema,
} from "../../../card/report-schema.js";
import type { ReplyLocale } from "../../../contracts/reply-locale.js";
import { FIXED_REPLIES, type FixedReplies } from "./fixed-replies.js";
import { classifyMessage, routedQuery } from "./recall-classifier.js";
import { textUnderCard } from "./text-under-card.js";

/** A drill-down read of one cited evidence target: the message and one neighbour each side. */
export interface RouterReadInput {
  readonly chat_id: number;
  readonly around_message_id: number;
  readonly before: 1;
  readonly after: 1;
}

/** What the router does this step. */
export type RouterDecision =
  | {
      readonly kind: "text";
      readonly text: string;
      /** The text answers a recall question the explorer could not take (no-history notice). */
      readonly recallNotice?: true;
    }
  | {
      readonly kind: "tool-call";
      readonly toolName: "explore_chat_history";
      readonly input: { readonly query: string };
    }
  | { readonly kind: "tool-call"; readonly toolName: "read_chat"; readonly input: RouterReadInput };

const EXPLORER = "explore_chat_history";
const READ_CHAT = "read_chat";

/**
 * The reply to a question that is not about earlier chats. It quotes no recall question and names
 * no topic: the reply is indexed with the chat, and a later exploration would match (and cite) the
 * words of an example such as "what did we decide about …?".
 */
export const ROUTER_HELP_TEXT = FIXED_REPLIES.en.help;
/**
 * The reply to a statement: an acknowledgement, no tool. One word, so that a later exploration
 * never cites this reply for the note's own terms. Whether the note is kept is the surface's
 * business (the web app stores the chat; `recollect chat` keeps no transcript).
 */
export const ROUTER_NOTED_TEXT = FIXED_REPLIES.en.noted;
/** The reply to a greeting. */
export const ROUTER_GREETING_TEXT = FIXED_REPLIES.en.greeting;
/** The reply to a recall question when the explorer is not in the toolset. */
export const ROUTER_NO_HISTORY_TEXT = FIXED_REPLIES.en.noHistory;
/** The reply when the person declined the explorer. */
export const ROUTER_DECLINED_TEXT = FIXED_REPLIES.en.declined;

const errorOutputSchema = z.object({
  error: z.object({ kind: z.string(), message: z.string() }),
});

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON value of a tool output, or undefined for denials and unreadable text. */
function outputValue(output: LanguageModelV3ToolResultOutput): unknown {
  if (output.type === "text" || output.type === "error-text") return parseJsonText(output.value);
  if (output.type === "json" || output.type === "error-json") return output.value;
  return undefined;
}

/** The explorer's report in an output (the report itself, or `{report}`), or null. */
function reportIn(output: LanguageModelV3ToolResultOutput): ExploreChatHistoryReport | null {
  const value = outputValue(output);
  const direct = exploreChatHistoryReportSchema.safeParse(value);
  if (direct.success) return direct.data;
  const wrapped = z.object({ report: exploreChatHistoryReportSchema }).safeParse(value);
  return wrapped.success ? wrapped.data.report : null;
}

/** Text for an explorer output that carries no report: a denial, a classified error, or junk. */
function explorerFailureText(
  output: LanguageModelV3ToolResultOutput,
  replies: FixedReplies,
): string {
  if (output.type === "execution-denied") return replies.declined;
  if (output.type === "error-text" && parseJsonText(output.value) === undefined) {
    return replies.explorerFailed("error", output.value);
  }
  const failed = errorOutputSchema.safeParse(outputValue(output));
  if (failed.success) {
    if (failed.data.error.kind === "user_cancelled") return replies.declined;
    return replies.explorerFailed(failed.data.error.kind, failed.data.error.message);
  }
  return replies.explorerUnreadable;
}

/** The first evidence target of the report (findings first, then conflicts), or null. */
function firstTarget(report: ExploreChatHistoryReport): RouterReadInput | null {
  const evidence = [...report.findings, ...report.conflicts].flatMap((group) => group.evidence)[0];
  if (!evidence) return null;
  return { chat_id: evidence.chat_id, around_message_id: evidence.message_id, before: 1, after: 1 };
}

/** Every tool result of the current turn (after the person's last message), oldest first. */
function toolResults(prompt: LanguageModelV3Prompt): LanguageModelV3ToolResultPart[] {
  const lastUser = prompt.findLastIndex((message) => message.role === "user");
  return prompt
    .slice(lastUser + 1)
    .flatMap((message) =>
      message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : [],
    );
}

/** The text after the drill-down read: what the card does not say, plus what the read did. */
function answerAfterRead(
  report: ExploreChatHistoryReport | null,
  read: LanguageModelV3ToolResultOutput,
  target: RouterReadInput | null,
  locale: ReplyLocale,
): string {
  const replies = FIXED_REPLIES[locale];
  const base = report ? textUnderCard(report, locale) : "";
  const failed = errorOutputSchema.safeParse(outputValue(read));
  const readValue = z
    .object({ chat_id: z.number(), chat_title: z.string().nullable().optional() })
    .safeParse(outputValue(read));
  // The read is the router's own drill-down of `target`: its link opens that message.
  const readLink = (at: RouterReadInput, title: string | null | undefined) =>
    citationLink(replies.citation(title ?? replies.untitled, null), {
      chatId: at.chat_id,
      messageId: at.around_message_id,
    });
  const note = failed.success
    ? failed.data.error.kind === "user_cancelled"
      ? replies.readDeclined
      : replies.readFailed(failed.data.error.kind)
    : readValue.success && target !== null && target.chat_id === readValue.data.chat_id
      ? replies.readDone(readLink(target, readValue.data.chat_title))
      : replies.readUnreadable;
  return base ? `${base}\n\n${note}` : note;
}

function userText(prompt: LanguageModelV3Prompt): string | null {
  const last = prompt.at(-1);
  if (last?.role !== "user") return null;
  return last.content
    .map((part) => (part.type === "text" ? part.text : ""))
    .join(" ")
    .trim();
}

/**
 * Decides the router's next step from the whole prompt and the offered tool names; every text it
 * writes is in `locale` (`fixed-replies.ts`; default `en`).
 */
export function routeTurn(
  prompt: LanguageModelV3Prompt,
  offered: readonly string[],
  locale: ReplyLocale = "en",
): RouterDecision {
  const replies = FIXED_REPLIES[locale];
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    const results = toolResults(prompt);
    const explorerResult = results.findLast((part) => part.toolName === EXPLORER);
    const report = explorerResult ? reportIn(explorerResult.output) : null;
    const latest = last.content.find((part) => part.type === "tool-result");
    if (latest?.type === "tool-result" && latest.toolName === READ_CHAT) {
      const target = report ? firstTarget(report) : null;
      return { kind: "text", text: answerAfterRead(report, latest.output, target, locale) };
    }
    if (latest?.type === "tool-result" && latest.toolName === EXPLORER) {
      if (!report) return { kind: "text", text: explorerFailureText(latest.output, replies) };
      const target = firstTarget(report);
      const alreadyRead = results.some((part) => part.toolName === READ_CHAT);
      if (
        report.action === "read_targets" &&
        target &&
        offered.includes(READ_CHAT) &&
        !alreadyRead
      ) {
        return { kind: "tool-call", toolName: "read_chat", input: target };
      }
      return { kind: "text", text: textUnderCard(report, locale) };
    }
    return { kind: "text", text: replies.done };
  }
  const text = userText(prompt) ?? "";
  const kind = classifyMessage(text);
  if (kind === "recall") {
    if (offered.includes(EXPLORER) && routedQuery(text).length > 0) {
      return {
        kind: "tool-call",
        toolName: "explore_chat_history",
        input: { query: routedQuery(text) },
      };
    }
    return { kind: "text", text: replies.noHistory, recallNotice: true };
  }
  if (kind === "greeting") return { kind: "text", text: replies.greeting };
  if (kind === "statement") return { kind: "text", text: replies.noted };
  return { kind: "text", text: replies.help };
}
