/**
 * `recollect read --app NAME --chat ID [--around ID] [--before N --after N | --offset N --limit N]
 * [--focus WORDS | --whole]`: the developer-facing view of the `readChat()` primitive: a window of
 * projection text, same-app, ≤ 2,400 chars a message and ≤ 20 KB in all; `--focus` shows a longer
 * message's stretch naming the words, as read_chat's `focus` does for the explorer; `--whole` shows
 * each message as projected (≤ 8,000 chars), for a person checking a cited message a report's
 * excerpt or a model's read cut.
 */

import type { Command } from "commander";
import { ChatNotFoundError } from "../../errors/recollect-error.js";
import {
  type HistoryPort,
  MAX_READ_LIMIT,
  MAX_READ_NEIGHBOURS,
  parseReadInput,
  READ_OFFSET_ALLOWED,
} from "../../history/index.js";
import { MAX_PROJECTION_CHARS } from "../../history/projection/index.js";
import { MAX_READ_MESSAGE_CHARS, type ReadExtent } from "../../history/read/read-extent.js";
import type { NotEvidenceKind, ReadChatInput, ReadChatResult } from "../../history/types.js";
import { findChat } from "../../store/catalog/chats.js";
import { isFileGone } from "../../sync/index.js";
import { timeText } from "../../text/iso-time.js";
import { cliIsPro, globalOptions, proRequiredError, storePathFor } from "../cli-context.js";
import { withCliHistory } from "../cli-history.js";
import { FlagCombinationError } from "../flag-combination-error.js";
import { type FlagTerms, runInFlagTerms } from "../flag-terms.js";
import { onceOnlyApp } from "../once-only-option.js";
import { writeAnswer } from "../write-answer.js";
import { requireAppName } from "./apps.js";
import { parseIdOption, parseIntegerOption } from "./integer-option.js";

/** Options of {@link runRead}. */
export interface RunReadOptions {
  /** The history to read: the local store's port, or a team store's. */
  readonly history: HistoryPort;
  /** The local store's path: the settings beside it say whether Pro is on. */
  readonly storePath: string;
  readonly appName: string | undefined;
  readonly input: ReadChatInput;
  /** `whole`: messages uncut (`--whole`); default `bounded`, the read_chat primitive's bounds. */
  readonly extent?: ReadExtent;
  /** The Pro entitlement (see `RunSearchOptions.isPro`). */
  readonly isPro: boolean;
}

/**
 * Reads a window of one chat of the app.
 *
 * @throws PreconditionError (`pro`) without the entitlement; AppNotFoundError for an unknown app;
 *   ChatNotFoundError for a chat or message that is missing or in another app (indistinguishable);
 *   InvalidInputError for out-of-range numbers.
 */
export async function runRead(options: RunReadOptions): Promise<ReadChatResult> {
  if (!options.isPro) {
    throw proRequiredError("Reading chat history", options.storePath);
  }
  const app = await options.history.resolveApp(requireAppName(options.appName));
  try {
    return await options.history.readChat(
      { appId: app.id, currentChatId: null, currentMessageId: null },
      options.input,
      options.extent ?? "bounded",
    );
  } catch (error) {
    // The person named the app: say which one the chat was looked for in.
    throw error instanceof ChatNotFoundError ? error.inApp(app.name) : error;
  }
}

/**
 * The flag of a message that is never evidence: what the turn was, and that search never finds it
 * (its words are shown, except a history answer's, which `readView` replaces by a label).
 */
const NOT_EVIDENCE_FLAG: Readonly<Record<NotEvidenceKind, string>> = {
  history_answer: "history answer, not indexed",
  history_question: "question to the history tools, not indexed",
  recollect_reply: "written by Recollect, not indexed",
};

/** `count` as a person reads it ("2,400"). */
function chars(count: number): string {
  return count.toLocaleString("en-US");
}

/**
 * Human view: header, then each message with id, role, ISO date and flags; a closing line when a
 * message was cut (at the read's 2,400 chars, `--whole` shows up to the projection's 8,000; whole,
 * at those 8,000), and one when a page's offset is past the chat's end.
 */
export function formatRead(
  result: ReadChatResult & { readonly kept_after_file_deleted?: true },
  extent: ReadExtent = "bounded",
): string {
  const kept = result.kept_after_file_deleted ? "  (kept: its file is gone)" : "";
  const lines = [
    `#${result.chat_id}  ${result.chat_title ?? "(untitled)"}  ${timeText(result.chat_created_at)}${kept}`,
  ];
  if (result.has_more_before) lines.push("  … earlier messages");
  for (const message of result.messages) {
    const flags = [
      message.is_compaction_summary ? "compaction summary" : null,
      message.projection_truncated ? "truncated" : null,
      message.not_evidence === undefined ? null : NOT_EVIDENCE_FLAG[message.not_evidence],
    ].filter((flag) => flag !== null);
    lines.push("");
    lines.push(
      `[${message.message_id}] ${message.role} ${timeText(message.created_at)}${flags.length > 0 ? ` (${flags.join(", ")})` : ""}`,
    );
    lines.push(message.content);
  }
  if (result.messages.length === 0)
    lines.push("", "(no messages from this offset: the chat ends before it)");
  if (result.has_more_after) lines.push("", "  … later messages");
  if (result.truncated) lines.push("(cut to fit the 20 KB bound)");
  if (result.messages.some((message) => message.projection_truncated)) {
    lines.push(
      extent === "bounded"
        ? `(a truncated message is cut at ${chars(MAX_READ_MESSAGE_CHARS)} chars: --whole shows up to ${chars(MAX_PROJECTION_CHARS)})`
        : `(a truncated message is cut at ${chars(MAX_PROJECTION_CHARS)} chars, the most the index keeps of one)`,
    );
  }
  return `${lines.join("\n")}\n`;
}

interface ReadFlags {
  app: string;
  chat: string;
  around?: string;
  before?: string;
  after?: string;
  offset?: string;
  limit?: string;
  focus?: string;
  whole?: true;
}

/** Turns the flags into a read input; a window and a page cannot be mixed on the command line. */
function readInputFromFlags(flags: ReadFlags): ReadChatInput {
  const chatId = parseIdOption("--chat", flags.chat, "chat");
  if (flags.focus !== undefined && flags.whole) {
    throw new FlagCombinationError({
      flag: "--focus",
      rule: "excludes",
      other: "--whole",
      reason: "--whole shows every message uncut, so there is no part to pick",
    });
  }
  const focus = flags.focus === undefined ? {} : { focus: flags.focus };
  const int = (name: string, value: string | undefined, allowed: string) =>
    parseIntegerOption(name, value, allowed);
  if (flags.around !== undefined) {
    if (flags.offset !== undefined || flags.limit !== undefined) {
      throw new FlagCombinationError({
        flag: flags.offset !== undefined ? "--offset" : "--limit",
        rule: "excludes",
        other: "--around",
        reason:
          "--offset and --limit page from the chat's start, --around reads a window around one message (sized with --before and --after)",
      });
    }
    return {
      chat_id: chatId!,
      around_message_id: parseIdOption("--around", flags.around, "message")!,
      ...optional(
        "before",
        int("--before", flags.before, `an integer from 0 to ${MAX_READ_NEIGHBOURS}`),
      ),
      ...optional(
        "after",
        int("--after", flags.after, `an integer from 0 to ${MAX_READ_NEIGHBOURS}`),
      ),
      ...focus,
    };
  }
  if (flags.before !== undefined || flags.after !== undefined) {
    const flag = flags.before !== undefined ? "--before" : "--after";
    throw new FlagCombinationError({
      flag,
      rule: "needs",
      other: "--around",
      reason: `it counts the messages ${flag === "--before" ? "before" : "after"} the --around message (page from the chat's start with --offset and --limit)`,
    });
  }
  return {
    chat_id: chatId!,
    ...optional("offset", int("--offset", flags.offset, READ_OFFSET_ALLOWED)),
    ...optional("limit", int("--limit", flags.limit, `an integer from 1 to ${MAX_READ_LIMIT}`)),
    ...focus,
  };
}

/** Which flag each read_chat field comes from, for errors in the flags' terms. */
function readFlagTerms(flags: ReadFlags): FlagTerms {
  return {
    chat_id: { flag: "--chat", typed: flags.chat },
    around_message_id: { flag: "--around", typed: flags.around },
    before: { flag: "--before", typed: flags.before },
    after: { flag: "--after", typed: flags.after },
    offset: { flag: "--offset", typed: flags.offset },
    limit: { flag: "--limit", typed: flags.limit },
    focus: { flag: "--focus", typed: flags.focus },
  };
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

/** Registers `recollect read`. */
export function registerReadCommand(program: Command): void {
  program
    .command("read")
    .description("read messages of one chat (developer view of read_chat)")
    .requiredOption("--app <name>", "the app (see `recollect apps`)", onceOnlyApp)
    .requiredOption("--chat <id>", "chat id (from `recollect chats` or `recollect search`)")
    .option("--around <messageId>", "centre the window on this message")
    .option("--before <n>", "messages before --around, 0-10 (default 3)")
    .option("--after <n>", "messages after --around, 0-10 (default 3)")
    .option("--offset <n>", "first message of the page, from 0 (default 0)")
    .option("--limit <n>", "messages in the page, 1-20 (default 10)")
    .option(
      "--focus <words>",
      "words to look for: a message longer than the read shows the part naming them",
    )
    .option("--whole", "each message whole (up to 8,000 chars), not cut at 2,400")
    .action(async (flags: ReadFlags, command: Command) => {
      const global = globalOptions(command);
      const terms = readFlagTerms(flags);
      // Every flag is checked before the store is looked at: a typing error is exit 2 anywhere.
      const input = runInFlagTerms(terms, () => {
        const parsed = readInputFromFlags(flags);
        parseReadInput(parsed);
        return parsed;
      });
      requireAppName(flags.app);
      const extent: ReadExtent = flags.whole ? "whole" : "bounded";
      const { read, kept } = await withCliHistory(global, async (history, local) => {
        const read = await runInFlagTerms(terms, () =>
          runRead({
            history,
            storePath: storePathFor(global),
            appName: flags.app,
            input,
            extent,
            isPro: cliIsPro(global),
          }),
        );
        // A chat whose file the agent deleted is labelled: it is only in Recollect now (a team
        // store keeps no file paths).
        const file = local === null ? "" : (findChat(local.db, read.chat_id)?.sourceFile ?? "");
        return { read, kept: isFileGone(file) };
      });
      const result = kept ? { ...read, kept_after_file_deleted: true as const } : read;
      await writeAnswer(command, result, () => formatRead(result, extent));
    });
}
