/**
 * The offline router's policy, as a pure function of the prompt and the offered tools:
 * - the last message is the person's and asks about earlier chats, and `explore_chat_history` is
 *   offered → call it once with the question;
 * - the last message is the explorer's result → answer from the report, citing evidence targets;
 * - anything else → a plain answer (greeting/help), never a tool.
 * It never calls the explorer twice in one turn, never calls read_chat, and never names a tool
 * it was not offered.
 */
import type { LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import { z } from "zod";
import { exploreChatHistoryReportSchema } from "../../tools/explore-chat-history/report-schema.js";
import { answerFromReport } from "./answer-from-report.js";
import { isRecallQuestion, routedQuery } from "./recall-classifier.js";

/** What the router does this step. */
export type RouterDecision =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "tool-call"; readonly toolName: string; readonly input: { query: string } };

const EXPLORER = "explore_chat_history";

/** The reply to anything that is neither a greeting nor a recall question. */
export const ROUTER_HELP_TEXT =
  'I can look up what was decided in this app\'s earlier chats. Ask me something like "what did we decide about authentication?"';
/** The reply to a greeting. */
export const ROUTER_GREETING_TEXT = `Hello! ${ROUTER_HELP_TEXT}`;
/** The reply to a recall question when the explorer is not in the toolset. */
export const ROUTER_NO_HISTORY_TEXT =
  "I can't look up earlier chats here: history tools are not available in this context (they need Pro, an Engine-backed model, and the explorer's permission not set to never). Could you tell me what was decided?";

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

/** Reads the explorer's tool output (the report, or `{report}`) or its classified error. */
function answerFromExplorerOutput(output: LanguageModelV3ToolResultOutput): string {
  let value: unknown;
  if (output.type === "text") value = parseJsonText(output.value);
  else if (output.type === "json") value = output.value;
  else if (output.type === "error-text") return `The history explorer failed: ${output.value}`;
  else if (output.type === "execution-denied") {
    return "You declined the history explorer, so I did not look at earlier chats.";
  } else value = undefined;
  const direct = exploreChatHistoryReportSchema.safeParse(value);
  if (direct.success) return answerFromReport(direct.data);
  const wrapped = z.object({ report: exploreChatHistoryReportSchema }).safeParse(value);
  if (wrapped.success) return answerFromReport(wrapped.data.report);
  const failed = errorOutputSchema.safeParse(value);
  if (failed.success) {
    if (failed.data.error.kind === "user_cancelled") {
      return "You declined the history explorer, so I did not look at earlier chats.";
    }
    return `The history explorer failed (${failed.data.error.kind}): ${failed.data.error.message}`;
  }
  return "The history explorer returned a result I could not read.";
}

function userText(prompt: LanguageModelV3Prompt): string | null {
  const last = prompt.at(-1);
  if (last?.role !== "user") return null;
  return last.content
    .map((part) => (part.type === "text" ? part.text : ""))
    .join(" ")
    .trim();
}

/** Decides the router's next step from the whole prompt and the offered tool names. */
export function routeTurn(
  prompt: LanguageModelV3Prompt,
  offered: readonly string[],
): RouterDecision {
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    const result = last.content.find(
      (part) => part.type === "tool-result" && part.toolName === EXPLORER,
    );
    if (result?.type === "tool-result") {
      return { kind: "text", text: answerFromExplorerOutput(result.output) };
    }
    return { kind: "text", text: "Done." };
  }
  const text = userText(prompt) ?? "";
  if (isRecallQuestion(text)) {
    if (offered.includes(EXPLORER) && routedQuery(text).length > 0) {
      return { kind: "tool-call", toolName: EXPLORER, input: { query: routedQuery(text) } };
    }
    return { kind: "text", text: ROUTER_NO_HISTORY_TEXT };
  }
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(text)) {
    return { kind: "text", text: ROUTER_GREETING_TEXT };
  }
  return { kind: "text", text: ROUTER_HELP_TEXT };
}
