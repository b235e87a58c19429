/**
 * Claude Code session JSONL (FORMATS.md § 3): one file is one session. Kept: typed prompts (user
 * lines whose content is a string or text blocks, not `isMeta`, not sidechain, not client output
 * such as `<bash-stdout>`), queued prompts delivered as `queued_command` attachments, and assistant
 * `text` blocks grouped by `message.id` (one API response is split over several lines), plus
 * `AskUserQuestion` questions and the person's answers. Dropped: other tool results, thinking,
 * other tool calls, housekeeping and system lines. `isCompactSummary` user lines
 * become compaction summaries. Title: the last `ai-title` (or older `summary`) line, else the
 * first prompt's first line.
 */
import { basename, dirname } from "node:path";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { MessageRole } from "../../store/catalog/messages.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat, ImportedMessage } from "../imported-chat.js";
import {
  historyToolQuery,
  isRecollectHistoryTool,
  isRecollectToolOutput,
  markRecalledTurn,
  markRecallRequest,
} from "../recollect-tool-calls.js";
import { monotonicTimes, titleFromPrompt } from "../text-helpers.js";
import { parseTimestampMs } from "../timestamps.js";
import { readJsonLines } from "./json-lines.js";

const TextBlock = z.object({ type: z.literal("text"), text: z.string() });
const ContentBlock = z.looseObject({ type: z.string() });

const Line = z.looseObject({
  type: z.string().optional(),
  sessionId: z.string().optional(),
  timestamp: z.string().optional(),
  cwd: z.string().optional(),
  isMeta: z.boolean().optional(),
  isSidechain: z.boolean().optional(),
  agentId: z.string().optional(),
  isCompactSummary: z.boolean().optional(),
  aiTitle: z.string().optional(),
  summary: z.string().optional(),
  message: z
    .looseObject({
      id: z.string().optional(),
      role: z.string().optional(),
      content: z.union([z.string(), z.array(ContentBlock)]).optional(),
    })
    .optional(),
  attachment: z
    .looseObject({
      type: z.string().optional(),
      prompt: z.unknown().optional(),
      commandMode: z.string().optional(),
    })
    .optional(),
});
type Line = z.infer<typeof Line>;

/**
 * `AskUserQuestion` is how Claude Code asks the person to choose (FORMATS.md § 3: "gold for
 * decision recall"): the questions are shown to the person and the answer is the person's, so
 * both are kept as plain text even though they travel as a tool call and a tool result.
 */
const AskUserQuestionBlock = z.object({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.literal("AskUserQuestion"),
  input: z.object({
    questions: z.array(
      z.looseObject({
        question: z.string(),
        options: z
          .array(z.looseObject({ label: z.string(), description: z.string().optional() }))
          .optional(),
      }),
    ),
  }),
});
const ToolResultBlock = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(ContentBlock)]).optional(),
  /** Claude Code sets it on a result the tool failed with (an MCP `isError` result). */
  is_error: z.boolean().optional(),
});

/** Client-generated user lines that carry output, not human input. */
const CLIENT_OUTPUT_PREFIXES = [
  "<bash-stdout>",
  "<bash-stderr>",
  "<local-command-stdout>",
  "<local-command-stderr>",
  "<task-notification>",
] as const;
/** Markers the client writes when the person interrupts; not a prompt. */
const INTERRUPTION_MARKER = /^\[Request interrupted by user[^\]]*\]$/;
const CLAUDE_LINE_TYPES = new Set([
  "user",
  "assistant",
  "summary",
  "ai-title",
  "file-history-snapshot",
  "queue-operation",
  "progress",
  "system",
  "attachment",
  "last-prompt",
  "mode",
  "permission-mode",
]);

/** True when a parsed first record looks like a Claude Code session line. */
export function looksLikeClaudeCodeRecord(record: unknown): boolean {
  const parsed = Line.safeParse(record);
  if (!parsed.success || parsed.data.type === undefined) return false;
  const hasEnvelope =
    parsed.data.sessionId !== undefined ||
    parsed.data.type === "file-history-snapshot" ||
    parsed.data.type === "summary";
  return hasEnvelope && CLAUDE_LINE_TYPES.has(parsed.data.type);
}

interface Draft {
  role: MessageRole;
  parts: string[];
  timeMs: number | null;
  isCompactionSummary: boolean;
  /** An assistant turn after a Recollect history-tool call: restates recalled history. */
  recalled?: boolean;
  /** The question of that turn's first Recollect call, when it had one. */
  recallQuery?: string | null;
  /**
   * A person's prompt that a Recollect call answered after other steps of the agent: the question
   * of that call (or null without one). Its first reply then carries {@link markRecallRequest}.
   */
  askedRecollect?: { readonly query: string | null };
}

/**
 * Parses one session file into one chat (none when it holds no prompt or reply).
 *
 * @throws ImportFormatError (`file:line`) on a line that is not JSON or has a malformed message.
 */
export function parseClaudeCode(
  path: string,
  text: string,
  fallbackTimeMs: number,
): ImportedChat[] {
  const lines = readJsonLines(path, text, Line);
  const drafts: Draft[] = [];
  const assistantById = new Map<string, Draft>();
  const askedQuestionIds = new Set<string>();
  let sessionId: string | null = null;
  let cwd: string | null = null;
  let title: string | null = null;
  let firstTimeMs: number | null = null;
  // A sub-agent's own transcript (`<session>/subagents/*.jsonl`) is all sidechain lines: there they
  // are the chat, kept as its own chat; inside a parent session they are dropped (never merged).
  const subagentId = subagentTranscriptId(
    path,
    lines.map((line) => line.value),
  );

  // Between a Recollect history-tool call (or its result) and the person's next prompt.
  let recalling = false;
  // The Recollect calls of this turn still waiting for their result, whether one returned
  // Recollect's output, and the assistant turns marked since the first call: when every call
  // failed (`is_error`: the tool refused without Pro, was declined or got bad arguments), nothing
  // was recalled and those turns are the agent's own words again.
  const pendingCalls = new Set<string>();
  let recalledOutput = false;
  let markedByCalls: Draft[] = [];
  // The question of the first Recollect call since the person's prompt (the request it answers).
  let recallQuery: string | null = null;
  // The person's latest prompt and its first assistant reply, if any yet.
  let prompted: Draft | null = null;
  let firstReply: Draft | null = null;
  const resetRecall = () => {
    recalling = false;
    pendingCalls.clear();
    recalledOutput = false;
    markedByCalls = [];
    recallQuery = null;
  };

  for (const { lineNumber, value } of lines) {
    const timeMs = value.timestamp ? parseTimestampMs(value.timestamp) : null;
    if (timeMs !== null && firstTimeMs === null) firstTimeMs = timeMs;
    sessionId ??= value.sessionId ?? null;
    cwd ??= value.cwd ?? null;
    if (value.type === "ai-title" && value.aiTitle?.trim()) title = value.aiTitle.trim();
    if (value.type === "summary" && value.summary?.trim()) title = value.summary.trim();
    if (value.isSidechain && subagentId === null) continue;

    if (value.type === "user" && !value.isMeta) {
      const prompt = userText(value);
      if (prompt !== null) resetRecall();
      else if (carriesRecollectResult(value)) {
        recalling = true;
        recalledOutput = true;
      } else if (failedCalls(value, pendingCalls) && pendingCalls.size === 0 && !recalledOutput) {
        for (const draft of markedByCalls) draft.recalled = false;
        if (prompted) delete prompted.askedRecollect;
        resetRecall();
      }
      const content = prompt ?? answerText(value, askedQuestionIds);
      if (content === null) continue;
      const draft: Draft = {
        role: "user",
        parts: [content],
        timeMs,
        isCompactionSummary: value.isCompactSummary === true,
      };
      drafts.push(draft);
      if (prompt !== null) {
        prompted = draft;
        firstReply = null;
      }
    } else if (value.type === "attachment" && value.attachment?.type === "queued_command") {
      const prompt = value.attachment.prompt;
      if (typeof prompt !== "string" || isClientOutput(prompt)) continue;
      if (value.attachment.commandMode !== undefined && value.attachment.commandMode !== "prompt") {
        continue;
      }
      resetRecall();
      const draft: Draft = { role: "user", parts: [prompt], timeMs, isCompactionSummary: false };
      drafts.push(draft);
      prompted = draft;
      firstReply = null;
    } else if (value.type === "assistant") {
      const message = value.message;
      if (!message || !Array.isArray(message.content)) {
        throw new ImportFormatError(path, lineNumber, "assistant line without a content list");
      }
      const texts = message.content.flatMap((block) => {
        const parsed = TextBlock.safeParse(block);
        if (parsed.success) return parsed.data.text.trim() !== "" ? [parsed.data.text] : [];
        const question = AskUserQuestionBlock.safeParse(block);
        if (!question.success) return [];
        askedQuestionIds.add(question.data.id);
        return [renderQuestions(question.data.input.questions)];
      });
      const recalledBefore = recalling;
      for (const block of message.content) {
        if (!isRecollectToolUse(block)) continue;
        if (!recalling) recallQuery = historyToolQuery((block as { input?: unknown }).input);
        recalling = true;
        const callId = (block as { id?: unknown }).id;
        if (typeof callId === "string") pendingCalls.add(callId);
      }
      const id = message.id ?? `line-${lineNumber}`;
      // The turn's first Recollect call, made after other steps: the prompt asked Recollect all
      // the same (its first reply, which is not marked recalled, carries the request marker).
      const laterCall = recalling && !recalledBefore && firstReply !== null;
      if (laterCall && prompted && assistantById.get(id) !== firstReply) {
        prompted.askedRecollect = { query: recallQuery };
      }
      const existing = assistantById.get(id);
      if (existing) {
        existing.parts.push(...texts);
        if (recalling && !existing.recalled) {
          existing.recalled = true;
          existing.recallQuery = recallQuery;
          markedByCalls.push(existing);
        }
        continue;
      }
      const draft: Draft = {
        role: "assistant",
        parts: texts,
        timeMs,
        isCompactionSummary: false,
        recalled: recalling,
        recallQuery,
      };
      assistantById.set(id, draft);
      drafts.push(draft);
      firstReply ??= draft;
      if (recalling) markedByCalls.push(draft);
    }
  }

  const kept = drafts.filter((draft) => draft.parts.some((part) => part.trim() !== ""));
  if (kept.length === 0) return [];
  const contentOf = (draft: Draft, index: number): string => {
    const text = draft.parts.join("\n\n");
    if (draft.recalled) return markRecalledTurn(text, draft.recallQuery ?? null);
    // The reply the projection reads for the prompt before it: say that prompt asked Recollect.
    const before = kept[index - 1];
    if (draft.role === "assistant" && before?.askedRecollect) {
      return markRecallRequest(text, before.askedRecollect.query);
    }
    return text;
  };
  const startMs = firstTimeMs ?? fallbackTimeMs;
  const times = monotonicTimes(
    startMs,
    kept.map((draft) => draft.timeMs),
  );
  const messages: ImportedMessage[] = kept.map((draft, index) => ({
    role: draft.role,
    content: contentOf(draft, index),
    createdAtMs: times[index]!,
    aiMessagesJson: null,
    isCompactionSummary: draft.isCompactionSummary,
  }));
  const firstPrompt = messages.find(
    (message) => message.role === "user" && !message.isCompactionSummary,
  );
  return [
    {
      source: "claude-code",
      externalId:
        subagentId !== null ? `${sessionId ?? ""}/${subagentId}` : (sessionId ?? basename(path)),
      title: title ?? titleFromPrompt(firstPrompt?.content),
      createdAtMs: startMs,
      appHint: cwd ? { name: basenameOfPath(cwd), path: cwd, origin: "cwd" } : null,
      messages,
    },
  ];
}

/**
 * The agent id when `path` is a sub-agent's transcript: a file in a session's `subagents/` folder
 * (Claude Code 2.1.2 and later), or an `agent-<id>.jsonl` beside the sessions (earlier versions,
 * whose session files are named by a UUID): the lines' `agentId`, else the file name. Null for a
 * session. Decided by the path, not the lines, so a parent session's appended tail that happens
 * to hold only sidechain lines is still read as the parent's.
 */
function subagentTranscriptId(path: string, values: readonly Line[]): string | null {
  if (basename(dirname(path)) !== "subagents" && !isLegacySubagentFile(path)) return null;
  return values.find((value) => value.agentId)?.agentId ?? basename(path, ".jsonl");
}

/** An `agent-<id>.jsonl` sub-agent transcript of the layout before `subagents/` folders. */
export function isLegacySubagentFile(path: string): boolean {
  return /^agent-[^/\\]+\.jsonl$/.test(basename(path));
}

/** A `tool_use` block calling one of Recollect's history tools. */
function isRecollectToolUse(block: { type: string }): boolean {
  const name = (block as { name?: unknown }).name;
  return block.type === "tool_use" && typeof name === "string" && isRecollectHistoryTool(name);
}

/** A user line carrying a tool result whose text is Recollect's history-tool output. */
function carriesRecollectResult(line: Line): boolean {
  const content = line.message?.content;
  if (!Array.isArray(content)) return false;
  return content.some((block) => {
    const result = ToolResultBlock.safeParse(block);
    if (!result.success) return false;
    const body = result.data.content;
    const texts =
      typeof body === "string"
        ? [body]
        : (body ?? []).flatMap((part) => {
            const text = TextBlock.safeParse(part);
            return text.success ? [text.data.text] : [];
          });
    return texts.some(isRecollectToolOutput);
  });
}

/**
 * Removes from `pending` each Recollect call this user line answers with an error result; true
 * when it answered at least one so.
 */
function failedCalls(line: Line, pending: Set<string>): boolean {
  const content = line.message?.content;
  if (!Array.isArray(content)) return false;
  let failed = false;
  for (const block of content) {
    const result = ToolResultBlock.safeParse(block);
    if (!result.success || !pending.has(result.data.tool_use_id)) continue;
    if (result.data.is_error === true) {
      pending.delete(result.data.tool_use_id);
      failed = true;
    }
  }
  return failed;
}

/** The human text of a user line, or null for tool results, interruptions and client output. */
function userText(line: Line): string | null {
  const content = line.message?.content;
  if (content === undefined) return null;
  if (typeof content === "string") {
    return content.trim() === "" || isClientOutput(content) ? null : content;
  }
  const texts = content.flatMap((block) => {
    const parsed = TextBlock.safeParse(block);
    if (!parsed.success) return [];
    const text = parsed.data.text;
    return text.trim() === "" || INTERRUPTION_MARKER.test(text.trim()) || isClientOutput(text)
      ? []
      : [text];
  });
  return texts.length > 0 ? texts.join("\n\n") : null;
}

function isClientOutput(text: string): boolean {
  const start = text.trimStart();
  return CLIENT_OUTPUT_PREFIXES.some((prefix) => start.startsWith(prefix));
}

/** Last segment of a POSIX or Windows path. */
export function basenameOfPath(path: string): string {
  const segments = path.split(/[\\/]+/).filter((segment) => segment.length > 0);
  return segments.at(-1) ?? path;
}

function renderQuestions(
  questions: z.infer<typeof AskUserQuestionBlock>["input"]["questions"],
): string {
  return questions
    .map((question) =>
      [
        question.question,
        ...(question.options ?? []).map(
          (option) => `- ${option.label}${option.description ? `: ${option.description}` : ""}`,
        ),
      ].join("\n"),
    )
    .join("\n\n");
}

/** The person's answer to an `AskUserQuestion` call, from its tool result; null otherwise. */
function answerText(line: Line, askedQuestionIds: ReadonlySet<string>): string | null {
  const content = line.message?.content;
  if (!Array.isArray(content)) return null;
  const answers = content.flatMap((block) => {
    const result = ToolResultBlock.safeParse(block);
    if (!result.success || !askedQuestionIds.has(result.data.tool_use_id)) return [];
    const body = result.data.content;
    if (typeof body === "string") return [body];
    return (body ?? []).flatMap((part) => {
      const text = TextBlock.safeParse(part);
      return text.success ? [text.data.text] : [];
    });
  });
  return answers.length > 0 ? answers.join("\n\n") : null;
}

/** Claude Code session JSONL: records with a `sessionId` and a Claude Code `type`. */
export const claudeCodeFormat: TextFormatModule<"claude-code"> = {
  format: "claude-code",
  label: "Claude Code",
  input: "text",
  appendOnlyLines: true,
  detect: (head) => head.jsonRecords.some(looksLikeClaudeCodeRecord),
  parse: ({ path, text, fallbackTimeMs }) => parseClaudeCode(path, text, fallbackTimeMs),
};
