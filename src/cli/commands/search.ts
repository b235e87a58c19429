/**
 * `recollect search --app NAME "<query>" [--limit N]`: the developer-facing view of the
 * `searchChats()` primitive (the explorer's internal search), same-app, over the on-device index.
 * Dates print as ISO-8601; excerpts are projection text (no code bodies or tool payloads).
 */

import type { Command } from "commander";
import { type HistoryPort, parsePersonSearchInput } from "../../history/index.js";
import { correctionsText } from "../../history/search/corrections-text.js";
import type { SearchChatsResult } from "../../history/types.js";
import { timeText } from "../../text/iso-time.js";
import { plural } from "../../text/plural.js";
import { cliIsPro, globalOptions, proRequiredError, storePathFor } from "../cli-context.js";
import { withCliHistory } from "../cli-history.js";
import { runInFlagTerms } from "../flag-terms.js";
import { onceOnlyApp } from "../once-only-option.js";
import { writeAnswer } from "../write-answer.js";
import { requireAppName } from "./apps.js";
import { parseIntegerOption } from "./integer-option.js";

/** Options of {@link runSearch}. */
export interface RunSearchOptions {
  /** The history to search: the local store's port, or a team store's. */
  readonly history: HistoryPort;
  /** The local store's path: the settings beside it say whether Pro is on. */
  readonly storePath: string;
  readonly appName: string | undefined;
  readonly query: string;
  readonly limit?: number | undefined;
  /**
   * The Pro entitlement (plan § Tool Exposure: the history primitives are Pro-only, with no
   * fallback). The command passes the settings file's value.
   */
  readonly isPro: boolean;
}

/**
 * Searches one app. The index is drained first (≤ 1,000 ms, the search primitive's own wait), so
 * `index_status` is `indexing` only when that was not enough.
 *
 * @throws PreconditionError (`pro`) without the entitlement; AppNotFoundError for an unknown app;
 *   InvalidInputError for a blank/over-long query or a limit outside 1–20.
 */
export async function runSearch(options: RunSearchOptions): Promise<SearchChatsResult> {
  if (!options.isPro) {
    throw proRequiredError("Searching chat history", options.storePath);
  }
  const { history } = options;
  const app = await history.resolveApp(requireAppName(options.appName));
  return history.searchChats(
    { appId: app.id, currentChatId: null, currentMessageId: null },
    { query: options.query, ...(options.limit !== undefined ? { limit: options.limit } : {}) },
  );
}

/**
 * Human view: each chat with its matches, ISO dates, message ids for `recollect read --around`
 * (up to six of the chat's other matches by id only, best first, on an `other matches` line);
 * before them, the words searched in place of ones the app never holds (`corrections`: a
 * misspelling, the other national spelling, an abbreviation) and the names this app uses for a
 * kind of thing the query asked about (`kinds`).
 */
export function formatSearch(result: SearchChatsResult): string {
  const lines: string[] = [];
  if (result.pending_reason === "read_only_store") {
    lines.push(
      `(the store is read-only: ${plural(result.pending_count, "queued message")} cannot be indexed here; results may be incomplete)`,
    );
  } else if (result.index_status === "indexing") {
    lines.push(
      `(index still building: ${plural(result.pending_count, "message")} queued; results may be incomplete)`,
    );
  }
  const corrected = correctionsText(result.corrections ?? []);
  if (corrected !== "") lines.push(`(searched ${corrected}: this app's own word)`);
  for (const { kind, from, names } of result.kinds ?? []) {
    lines.push(
      `(for ${from}, this app's chats mention ${kind} products: ${names.join(", ")}; search them to see which, if any, was chosen)`,
    );
  }
  if (result.chats.length === 0) lines.push("No matching chats.");
  for (const chat of result.chats) {
    lines.push(
      `#${chat.chat_id}  ${chat.chat_title ?? "(untitled)"}  ${timeText(chat.chat_created_at)}`,
    );
    for (const match of chat.matches) {
      const flags = [
        match.is_compaction_summary ? "compaction summary" : null,
        match.projection_truncated ? "truncated" : null,
      ].filter((flag) => flag !== null);
      lines.push(
        `  [${match.message_id}] ${match.role} ${timeText(match.created_at)}${flags.length > 0 ? ` (${flags.join(", ")})` : ""}`,
      );
      lines.push(`    ${match.excerpt.replace(/\s+/g, " ")}`);
    }
    const more = chat.more_match_ids ?? [];
    if (more.length > 0) lines.push(`  ${otherMatchesLine(more, chat.more_match_count)}`);
  }
  if (result.truncated) lines.push("(more hits were cut to fit the 12 KB bound)");
  return `${lines.join("\n")}\n`;
}

/**
 * A chat's other matches in words: how many, then the message ids of the best (all of them when
 * they are all shown), which `read --around` takes: "3 more messages of this chat match (message
 * ids, for read --around): [40] [12] [9]", "41 more … the best 6 (message ids, for read --around):
 * [40] … [7]". `count` defaults to the ids' number.
 */
export function otherMatchesLine(ids: readonly number[], count = ids.length): string {
  const listed = ids.map((id) => `[${id}]`).join(" ");
  const head = `${plural(count, "more message")} of this chat ${count === 1 ? "matches" : "match"}`;
  const ofIds = "(message ids, for read --around)";
  return count > ids.length
    ? `${head}, the best ${ids.length} ${ofIds}: ${listed}`
    : `${head} ${ofIds}: ${listed}`;
}

/** Registers `recollect search`. */
export function registerSearchCommand(program: Command): void {
  program
    .command("search")
    .description("search an app's chat history (developer view of search_chats)")
    .requiredOption("--app <name>", "the app (see `recollect apps`)", onceOnlyApp)
    .option("--limit <n>", "chats to return, 1-20 (default 8)")
    .argument("<query>", "words to look for")
    .action(async (query: string, options: { app: string; limit?: string }, command: Command) => {
      const global = globalOptions(command);
      // The query is not echoed back in an error: it may be long, and it is the person's text.
      const terms = {
        query: { flag: "<query>", typed: undefined },
        limit: { flag: "--limit", typed: options.limit },
      };
      const limit = parseIntegerOption("--limit", options.limit, "an integer from 1 to 20");
      // Every flag is checked before the store is looked at: a typing error is exit 2 anywhere.
      // A query of nothing visible is one too here, though the internal search tool allows it.
      runInFlagTerms(terms, () =>
        parsePersonSearchInput({ query, ...(limit === undefined ? {} : { limit }) }),
      );
      requireAppName(options.app);
      const result = await withCliHistory(
        global,
        (history) =>
          runInFlagTerms(terms, () =>
            runSearch({
              history,
              storePath: storePathFor(global),
              appName: options.app,
              query,
              isPro: cliIsPro(global),
              limit,
            }),
          ),
        { indexer: true },
      );
      await writeAnswer(command, result, () => formatSearch(result));
    });
}
