/**
 * Recollect's own history tools seen from inside an agent's transcript (issue 11 item 7). An agent
 * that called `explore_chat_history`, `read_chat` or `search_chats` over MCP got recalled history
 * back and restates it; indexed again, that restatement would come back as a newer "decision"
 * (DESIGN.md § Lessons: never index explorer output again). Parsers never store tool results;
 * they mark the assistant turns after such a call, up to the person's next prompt, with
 * {@link recalledTurnMarker}, which the projection turns into its "answer recalled from earlier
 * chats" label for search and read alike.
 */
import { escapeXml } from "../card/xml-escape.js";

/**
 * An empty history card element carrying the question the turn's first history tool was called
 * with, when it had one. Projection (`HISTORY_CARD_OPEN` in
 * `src/history/projection/project-message.ts`) treats an assistant turn holding one as a
 * history-tool turn and compares the person's prompt before it with the `query`
 * (`recall-request.ts`); the web app drops a card that fails its schema, as this one does.
 */
export function recalledTurnMarker(query: string | null): string {
  const attribute = query === null ? "" : ` query="${escapeXml(query)}"`;
  return `<dyad-explore-chat-history state="recalled-in-transcript"${attribute}></dyad-explore-chat-history>`;
}

/**
 * An empty history card element saying that the person's prompt before this assistant turn was
 * put to Recollect later in the same turn: the agent first did other work (ran a command, read a
 * file) and only then called a history tool. Projection (`RECALL_REQUEST_MARKER` in
 * `src/history/projection/project-message.ts`) removes it from the turn's text, which stays
 * evidence (the agent's own step), and reads it as a reply to the prompt that carries a history
 * card, so the prompt's request is not evidence (`history_question`) as when the call came first.
 */
export function recallRequestMarker(query: string | null): string {
  const attribute = query === null ? "" : ` query="${escapeXml(query)}"`;
  return `<dyad-explore-chat-history state="requested-in-transcript"${attribute}></dyad-explore-chat-history>`;
}

/**
 * The `query` argument of a history-tool call (explore_chat_history and search_chats take one;
 * read_chat does not): a non-blank string, else null.
 */
export function historyToolQuery(input: unknown): string | null {
  if (typeof input !== "object" || input === null || !("query" in input)) return null;
  const { query } = input;
  return typeof query === "string" && query.trim() !== "" ? query : null;
}

/**
 * The tool names, bare or as an MCP client qualifies them: `mcp__recollect__read_chat` (Claude
 * Code), `recollect__read_chat`, `recollect.read_chat`, and Gemini CLI's `mcp_recollect_read_chat`
 * (one underscore, so only after its `mcp_` prefix).
 */
const HISTORY_TOOL_NAME = /(?:^|__|\.|\/|^mcp_.+_)(?:explore_chat_history|read_chat|search_chats)$/;

/** The first characters of a Recollect tool result's text (read JSON, the report's text form). */
const HISTORY_TOOL_OUTPUT = [/^\s*\{\s*"archival_content"\s*:\s*true/, /^Question: .*\nOutcome: /];

/** True for one of Recollect's history tools under any MCP server prefix. */
export function isRecollectHistoryTool(name: string): boolean {
  return HISTORY_TOOL_NAME.test(name);
}

/** True when a tool result's text is Recollect's history-tool output. */
export function isRecollectToolOutput(text: string): boolean {
  return HISTORY_TOOL_OUTPUT.some((pattern) => pattern.test(text));
}

/** `content` of the first reply to a prompt that a later history-tool call answered. */
export function markRecallRequest(content: string, query: string | null): string {
  return `${recallRequestMarker(query)}\n\n${content}`;
}

/**
 * `content` marked as an assistant turn that restates recalled history; `query` is the question
 * of the turn's first history-tool call (null when none was recorded).
 */
export function markRecalledTurn(content: string, query: string | null): string {
  return `${recalledTurnMarker(query)}\n\n${content}`;
}
