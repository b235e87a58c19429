/**
 * The host's live chat, when it can be identified, so search excludes it as the plan excludes the
 * current chat (issue 10 § Build 5; plan § Current-chat Behavior). Only Claude Code can be
 * identified today:
 *
 * 1. `CLAUDE_CODE_SESSION_ID`, which Claude Code (2.1.154 and later) sets in the environment of the
 *    stdio servers it spawns. The server keeps the id it was started with, so after `/clear` it
 *    names the previous session;
 * 2. otherwise the project's most recently modified transcript
 *    (`~/.claude/projects/<encoded path>/<session>.jsonl`) when it changed within
 *    {@link LIVE_TRANSCRIPT_WINDOW_MS}: Claude Code appends each turn as it happens, so the
 *    session calling a tool has just written to its file. Two sessions working in the same
 *    project at once defeat this: only the newer one is excluded.
 *
 * The session id found is matched to a stored chat of the session's app (`source` `claude-code`,
 * `external_id` the session id, as the Claude Code importer writes it). A live session that was
 * never imported has nothing to exclude. Cursor and Codex pass no session identity to MCP servers
 * (nothing in their environment or in `initialize` names the conversation), so nothing is
 * excluded for them.
 */
import { readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type Database from "better-sqlite3";
import { findChatByExternalId } from "../store/catalog/chats.js";
import { claudeTranscriptsDir } from "./claude-code-paths.js";

/**
 * How recently a transcript must have changed to count as the live session, ms. A tool call is
 * written to the transcript before the tool runs; two minutes also covers a slow model step
 * before it.
 */
export const LIVE_TRANSCRIPT_WINDOW_MS = 120_000;

/** Options of {@link findLiveSessionChat}. */
export interface LiveSessionOptions {
  readonly db: Database.Database;
  readonly appId: number;
  /** The app's recorded project path (where Claude Code's transcripts folder is derived from). */
  readonly projectPath: string | null;
  readonly env: NodeJS.ProcessEnv;
  /** Milliseconds clock. */
  readonly now: () => number;
  /** Home folder override (tests). */
  readonly home?: string;
}

/** The session id of the project's transcript written within the window, newest first; null if none. */
export function recentTranscriptSessionId(options: LiveSessionOptions): string | null {
  if (options.projectPath === null) return null;
  const dir = claudeTranscriptsDir(options.projectPath, options.env, options.home);
  let newest: { id: string; mtimeMs: number } | null = null;
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return null;
  }
  for (const name of names) {
    try {
      const { mtimeMs } = statSync(join(dir, name));
      if (newest === null || mtimeMs > newest.mtimeMs) {
        newest = { id: basename(name, ".jsonl"), mtimeMs };
      }
    } catch {
      // The file went away between the listing and the stat: it is not the live session.
    }
  }
  if (newest === null || options.now() - newest.mtimeMs > LIVE_TRANSCRIPT_WINDOW_MS) return null;
  return newest.id;
}

/**
 * The stored chat id of the host's live session in the session's app, or null when it cannot be
 * identified or was never imported (see the module doc for the order).
 */
export function findLiveSessionChat(options: LiveSessionOptions): number | null {
  const findChat = (externalId: string) =>
    findChatByExternalId(options.db, { appId: options.appId, source: "claude-code", externalId });
  const fromEnv = options.env.CLAUDE_CODE_SESSION_ID?.trim();
  if (fromEnv) {
    const chatId = findChat(fromEnv);
    if (chatId !== null) return chatId;
  }
  const recent = recentTranscriptSessionId(options);
  if (recent === null) return null;
  return findChat(recent);
}
