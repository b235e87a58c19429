/**
 * `recollect apps`: every app in the store with its chat and message counts and last activity.
 * Also exports {@link requireAppId}, the one app-name lookup the other history commands share.
 */

import type Database from "better-sqlite3";
import type { Command } from "commander";
import { lineSafeText } from "../../errors/quoted-value.js";
import { FILL_STORE, InvalidInputError, LIST_APPS } from "../../errors/recollect-error.js";
import { messageWithRemedies, type Remedy, type RemedyWriter } from "../../errors/remedy.js";
import { resolveAppName } from "../../store/catalog/app-lookup.js";
import {
  type AppActivity,
  type AppRow,
  appOtherTimes,
  listAppActivity,
} from "../../store/catalog/apps.js";
import { characterCount } from "../../text/character-count.js";
import { isoTimeOrNull, timeText } from "../../text/iso-time.js";
import { plural } from "../../text/plural.js";
import { globalOptions } from "../cli-context.js";
import { withCliHistory } from "../cli-history.js";
import { cliRemedyWriter } from "../remedy-writer.js";
import { writeAnswer } from "../write-answer.js";

/** One row of `recollect apps`; times are ISO-8601 UTC. */
export interface AppSummary {
  readonly id: number;
  readonly name: string;
  readonly path: string | null;
  /** The project folders the app holds (what `sync` and the MCP server match on), sorted. */
  readonly roots: readonly string[];
  readonly chats: number;
  readonly messages: number;
  /**
   * Newest message time that is a date (ISO-8601 UTC), or null for an app without messages or
   * whose every stored message time is no date (a store filled by an older Recollect).
   */
  readonly last_message_at: string | null;
  /**
   * For an app with messages but a null `last_message_at`, the next time the store honestly has
   * for it: its newest chat's start as the source gave it (`chat_created`), else when `sync` last
   * read one of its history files (`synced`); null otherwise, and when the store has neither.
   */
  readonly last_time_fallback: LastTimeFallback | null;
}

/** A time `apps` shows in place of an unknown last message time, and what that time is. */
export interface LastTimeFallback {
  /** ISO-8601 UTC. */
  readonly at: string;
  readonly from: "chat_created" | "synced";
}

/** Lists apps by name with counts. */
export function listApps(db: Database.Database): AppSummary[] {
  return summarizeApps(listAppActivity(db), (appId) => lastTimeFallback(db, appId));
}

/**
 * The {@link AppSummary} rows of `apps` (any store's catalog); `fallbackOf` gives the other time
 * of an app with messages but no message time that is a date (a team store has none: null).
 */
export function summarizeApps(
  apps: readonly AppActivity[],
  fallbackOf: (appId: number) => LastTimeFallback | null,
): AppSummary[] {
  return apps.map((app) => {
    const lastMessageAt = isoTimeOrNull(app.lastMessageAtMs);
    return {
      id: app.id,
      name: app.name,
      path: app.path,
      roots: app.roots,
      chats: app.chatCount,
      messages: app.messageCount,
      last_message_at: lastMessageAt,
      last_time_fallback:
        lastMessageAt === null && app.messageCount > 0 ? fallbackOf(app.id) : null,
    };
  });
}

function lastTimeFallback(db: Database.Database, appId: number): LastTimeFallback | null {
  const { chatCreatedAtMs, syncedAtMs } = appOtherTimes(db, appId);
  const chatCreated = isoTimeOrNull(chatCreatedAtMs);
  if (chatCreated !== null) return { at: chatCreated, from: "chat_created" };
  const synced = isoTimeOrNull(syncedAtMs);
  return synced === null ? null : { at: synced, from: "synced" };
}

/** What text output says of {@link LastTimeFallback.from}. */
const FALLBACK_LABELS: Readonly<Record<LastTimeFallback["from"], string>> = {
  chat_created: "chat created",
  synced: "synced",
};

/**
 * An app's last activity as text: `never` without messages, else its last message time, else
 * `unknown time`, followed by the fallback time and what it is (`(chat created …)`), when there
 * is one.
 */
function lastActivityText(app: AppSummary): string {
  if (app.messages === 0) return "never";
  const fallback = app.last_time_fallback;
  const suffix = fallback === null ? "" : ` (${FALLBACK_LABELS[fallback.from]} ${fallback.at})`;
  return `${timeText(app.last_message_at)}${suffix}`;
}

/**
 * `name` trimmed, refused when nothing is left: an empty `--app` is a typing error, not an app
 * that happens to be missing. The rule every app name follows, as the importers apply it to a
 * history file's own app names: any text, trimmed, not empty (a name a person gives an app
 * follows {@link requireNewAppName} as well; `apps` prints any name on one line).
 * `argument` is the name's source in the error (default `--app`; `<old>`/`<new>` of `apps
 * rename`), `remedies` what the error suggests (default: list the apps).
 *
 * @throws InvalidInputError (`argument`) for an absent, empty or whitespace-only name.
 */
export function requireAppName(
  name: string | undefined,
  argument = "--app",
  remedies: readonly Remedy[] = [LIST_APPS],
): string {
  const trimmed = name?.trim();
  if (!trimmed) throw new InvalidInputError(argument, "an app name", undefined, remedies);
  return trimmed;
}

/** Longest new name, in characters (code points): a name is read on one line, in a list. */
export const MAX_NEW_APP_NAME = 200;

/**
 * `name` as a new app name: {@link requireAppName}'s rule (trimmed, not empty), at most
 * {@link MAX_NEW_APP_NAME} characters, and no control or line-breaking character (a newline in a
 * name broke `apps`' one line per app).
 *
 * A name a person gives an app (`apps rename`'s `<new>`, `import --app`).
 *
 * @throws InvalidInputError (`argument`) otherwise; nothing is written.
 */
export function requireNewAppName(name: string, argument: string): string {
  const trimmed = requireAppName(name, argument, []);
  const allowed = `an app name of 1 to ${MAX_NEW_APP_NAME} characters on one line`;
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(trimmed))
    throw new InvalidInputError(argument, allowed, "got a control or line-breaking character");
  const length = characterCount(trimmed);
  if (length > MAX_NEW_APP_NAME)
    throw new InvalidInputError(argument, allowed, `got ${length} characters`);
  return trimmed;
}

/**
 * The app `name` selects, after trimming: the app of that exact name, else the one whose name
 * differs only in case, accents or spacing (`store/catalog/app-lookup.ts`). Its `name` is the
 * stored one, for anything the command prints.
 *
 * @throws InvalidInputError (`--app`) for a blank name; AmbiguousAppNameError (`--app`) when
 *   several apps match loosely; AppNotFoundError, with the closest names as `suggestions`, when
 *   none does.
 */
export function requireApp(db: Database.Database, name: string | undefined): AppRow {
  return resolveAppName(db, requireAppName(name));
}

/** The id of the app `name` selects ({@link requireApp}, which lists what it throws). */
export function requireAppId(db: Database.Database, name: string | undefined): number {
  return requireApp(db, name).id;
}

/** Human table for {@link listApps}; an empty store says how to fill it, commands by `write`. */
export function formatApps(apps: readonly AppSummary[], write: RemedyWriter): string {
  if (apps.length === 0) {
    return `${messageWithRemedies({ message: "No apps yet.", remedies: FILL_STORE }, write)}\n`;
  }
  const lines = apps.map(
    (app) =>
      `${lineSafeText(app.name)}  ${plural(app.chats, "chat")}, ${plural(app.messages, "message")}, last ${lastActivityText(app)}${app.roots.length > 0 ? `  (${app.roots.join(", ")})` : app.path ? `  (${app.path})` : ""}`,
  );
  return `${lines.join("\n")}\n`;
}

/** Registers `recollect apps`; returns it, for its subcommand `apps rename` (`apps-rename.ts`). */
export function registerAppsCommand(program: Command): Command {
  return program
    .command("apps")
    .description("list apps with their chat and message counts; `apps rename OLD NEW` renames one")
    .action(async (_options: unknown, command: Command) => {
      const global = globalOptions(command);
      const apps = await withCliHistory(global, async (history, local) =>
        local === null ? summarizeApps(await history.listApps(), () => null) : listApps(local.db),
      );
      await writeAnswer(command, apps, () => formatApps(apps, cliRemedyWriter(global)));
    });
}
