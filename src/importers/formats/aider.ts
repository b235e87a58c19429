/**
 * aider `.aider.chat.history.md` (FORMATS.md § 2): one append-only file per working directory,
 * one chat per `# aider chat started at …` session. `#### ` lines are user input (one prefix per
 * line; a message ends at the first line without it; an empty input, `#### <blank>`, is none; a
 * verbatim echo of the turn before it, as architect mode and `/ask`-style commands write, is
 * dropped), `> ` lines are aider's own output and are dropped (with the indented lines right after
 * one: a multi-line shell command aider offers to run), everything else is the assistant's
 * reply, kept raw (edit blocks included); a `> Tokens:` line ends one model reply, so the next
 * reply is a message of its own. Lines inside a code fence of a reply are reply content whatever
 * their prefix. aider records no per-message times: messages get the session start (+1 ms each,
 * to keep order).
 */
import { basename } from "node:path";
import type { MessageRole } from "../../store/catalog/messages.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat } from "../imported-chat.js";
import { messagesFromTurns, splitLines, titleFromPrompt } from "../text-helpers.js";
import { parseTimestampMs } from "../timestamps.js";
import { createFenceTracker } from "./fence-tracker.js";

const SESSION_HEADER = /^# aider chat started at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$/;
const USER_LINE = /^####(?: (.*?))?\s*$/;
const TOOL_LINE = /^>(?: |$)/;
const TOKENS_LINE = /^> Tokens: /;

/** True when `head` holds an aider session header line. */
export function looksLikeAider(head: string): boolean {
  return /^# aider chat started at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/m.test(head);
}

interface Session {
  stamp: string;
  startMs: number;
  turns: { role: MessageRole; lines: string[] }[];
}

/**
 * Parses one history file into one chat per session that holds at least one non-empty message.
 * Session times have no zone in the file and are read as UTC.
 */
export function parseAider(path: string, text: string, fallbackTimeMs: number): ImportedChat[] {
  const sessions: Session[] = [];
  const fence = createFenceTracker();
  // `tool`: the line before was aider's own output (`> …`).
  let mode: "user" | "assistant" | "tool" | "idle" = "idle";
  /** A `> Tokens:` line came since the last reply line: the next reply line starts a message. */
  let replyEnded = false;

  for (const line of splitLines(text)) {
    const header = SESSION_HEADER.exec(line);
    if (header) {
      sessions.push({
        stamp: header[1]!,
        startMs: parseTimestampMs(header[1]!) ?? fallbackTimeMs,
        turns: [],
      });
      fence.reset();
      mode = "idle";
      replyEnded = false;
      continue;
    }
    const session = sessions.at(-1);
    if (!session) continue;
    // aider writes `> Tokens:` after every reply; a fence still open there was never closed
    // (a cut-off model answer), so the reply ends regardless.
    if (TOKENS_LINE.test(line)) {
      fence.reset();
      mode = "idle";
      replyEnded = true;
      continue;
    }
    if (mode === "assistant" && fence.isOpen()) {
      fence.push(line);
      session.turns.at(-1)!.lines.push(line);
      continue;
    }
    const user = USER_LINE.exec(line);
    if (user) {
      if (mode !== "user") session.turns.push({ role: "user", lines: [] });
      session.turns.at(-1)!.lines.push(user[1] ?? "");
      mode = "user";
      continue;
    }
    if (TOOL_LINE.test(line)) {
      mode = "tool";
      continue;
    }
    // aider prefixes only the first line of a multi-line shell command it offers to run; the
    // indented lines after it are that output too, not the start of a reply (HaaV-CatalogService:
    // "    ?? throw new InvalidOperationException(…)" stood alone as an assistant message).
    if (mode === "tool" && /^\s+\S/.test(line)) continue;
    if (line.trim() === "" && mode !== "assistant") {
      mode = "idle";
      continue;
    }
    if (mode !== "assistant") {
      const previous = session.turns.at(-1);
      // Other tool lines inside one reply (`> Applied edit …`) do not split it; `> Tokens:` ends
      // one model reply, so what follows (architect mode: the editor's reply) is another message.
      if (previous?.role !== "assistant" || replyEnded) {
        session.turns.push({ role: "assistant", lines: [] });
      }
      mode = "assistant";
      replyEnded = false;
      fence.reset();
    }
    fence.push(line);
    session.turns.at(-1)!.lines.push(line);
  }

  const fileName = basename(path);
  return sessions.flatMap((session): ImportedChat[] => {
    const turns = session.turns
      .map((turn) => ({ role: turn.role, content: turn.lines.join("\n").trim() }))
      .filter((turn) => turn.content !== "" && !isBlankInput(turn))
      .filter((turn, index, all) => !isEcho(turn, all[index - 1]));
    if (turns.length === 0) return [];
    const messages = messagesFromTurns(session.startMs, turns);
    return [
      {
        source: "aider",
        externalId: `${fileName}#${session.stamp}`,
        title: titleFromPrompt(
          turns.map((turn) => promptText(turn)).find((text) => text !== undefined),
        ),
        createdAtMs: session.startMs,
        appHint: null,
        messages,
      },
    ];
  });
}

/**
 * aider logs an empty input (Enter on an empty prompt) as `#### <blank>`: no words of the person,
 * so no message.
 */
function isBlankInput(turn: { role: MessageRole; content: string }): boolean {
  return turn.role === "user" && turn.content === "<blank>";
}

/** Commands whose argument is a prompt (`/ask what…`); other `/cmd` lines make no title. */
const PROMPT_COMMAND = /^\/(?:ask|code|architect|context|help)\s+/;

/** The prompt a user turn carries, for the title: undefined for replies and bare commands. */
function promptText(turn: { role: MessageRole; content: string }): string | undefined {
  if (turn.role !== "user") return undefined;
  const text = turn.content.replace(PROMPT_COMMAND, "").trim();
  return text === "" || text.startsWith("/") ? undefined : text;
}

/**
 * Turns aider logs twice: in architect mode the architect's reply is fed back to the editor model
 * as `#### ` lines (FORMATS.md § 2), and a `/ask …` / `/code …` / `/architect …` input is logged
 * again without its command. Either repeat is an echo of the turn before it, not new input.
 */
function isEcho(
  turn: { role: MessageRole; content: string },
  previous: { role: MessageRole; content: string } | undefined,
): boolean {
  if (turn.role !== "user" || previous === undefined) return false;
  const normalize = (text: string) => text.replace(/\s+/g, " ").trim();
  const text = normalize(turn.content);
  if (previous.role === "assistant") return text === normalize(previous.content);
  const command = PROMPT_COMMAND.exec(previous.content);
  return command !== null && text === normalize(previous.content.slice(command[0].length));
}

/** aider's `.aider.chat.history.md`: detected by a session header line. */
export const aiderFormat: TextFormatModule<"aider"> = {
  format: "aider",
  label: "aider",
  input: "text",
  detect: (head) => head.text !== null && looksLikeAider(head.text),
  parse: ({ path, text, fallbackTimeMs }) => parseAider(path, text, fallbackTimeMs),
};
