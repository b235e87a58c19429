/**
 * The host's live chat, when it can be identified, so search excludes it as the plan excludes the
 * current chat (issue 10 § Build 5; plan § Current-chat Behavior). Each supported agent is found
 * its own way:
 *
 * - Claude Code: `CLAUDE_CODE_SESSION_ID`, which Claude Code (2.1.154 and later) sets in the
 *   environment of the stdio servers it spawns (the server keeps the id it was started with, so
 *   after `/clear` it names the previous session); otherwise the project's most recently modified
 *   transcript (`~/.claude/projects/<encoded path>/<session>.jsonl`) written within
 *   {@link LIVE_TRANSCRIPT_WINDOW_MS};
 * - Codex: the newest recent rollout whose `cwd` is the project (`codex-live-session.ts`);
 * - Gemini CLI: the newest recent session file of the project (`gemini-live-session.ts`).
 *
 * Which agent spawned the server is told by the client's `initialize` name (`claude-code`,
 * `codex-mcp-client`, `gemini-cli-mcp-client`: the one containing `claude`, `codex` or `gemini`);
 * only that agent's transcripts are looked at, so a Codex session open in another terminal is not
 * excluded from a Claude Code call. An unknown or missing name looks at each agent in that order
 * and takes the first that names a stored chat. Two sessions of one agent in the same project at
 * once defeat the recency rule: only the newer one is excluded.
 *
 * The session id found is matched to a stored chat of the session's app (`source` the agent's
 * format, `external_id` the session id, as the importers write it). A live session that was never
 * imported has nothing to exclude. Cursor passes no session identity to MCP servers and keeps no
 * transcript file per session, so nothing is excluded for it.
 */
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import type Database from "better-sqlite3";
import { findChatByExternalId } from "../store/catalog/chats.js";
import { claudeTranscriptsDir } from "./claude-code-paths.js";
import { codexLiveSessionId } from "./codex-live-session.js";
import { geminiLiveSessionId } from "./gemini-live-session.js";
import { recentFiles } from "./recent-file.js";

export { LIVE_TRANSCRIPT_WINDOW_MS } from "./recent-file.js";

/** Options of {@link findLiveSessionChat}. */
export interface LiveSessionOptions {
  readonly db: Database.Database;
  readonly appId: number;
  /** The app's recorded project path (where each agent's transcripts are looked up from). */
  readonly projectPath: string | null;
  readonly env: NodeJS.ProcessEnv;
  /** Milliseconds clock. */
  readonly now: () => number;
  /** The MCP client's `clientInfo.name` from `initialize`; undefined when not known. */
  readonly clientName?: string;
  /** Home folder override (tests). */
  readonly home?: string;
}

/** The session id of the project's transcript written within the window, newest first; null if none. */
export function recentTranscriptSessionId(options: LiveSessionOptions): string | null {
  if (options.projectPath === null) return null;
  const dir = claudeTranscriptsDir(options.projectPath, options.env, options.home);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return null;
  }
  const [newest] = recentFiles(
    names.map((name) => join(dir, name)),
    options.now(),
  );
  return newest === undefined ? null : basename(newest, ".jsonl");
}

/** One agent's way to its live session: the stored chats' `source` and the session ids to try. */
interface LiveHost {
  readonly source: "claude-code" | "codex" | "gemini-cli";
  /** Matches the MCP client name of this agent. */
  readonly client: RegExp;
  readonly sessionIds: (options: LiveSessionOptions) => readonly (string | null)[];
}

const HOSTS: readonly LiveHost[] = [
  {
    source: "claude-code",
    client: /claude/i,
    sessionIds: (options) => [
      options.env.CLAUDE_CODE_SESSION_ID?.trim() || null,
      recentTranscriptSessionId(options),
    ],
  },
  {
    source: "codex",
    client: /codex/i,
    sessionIds: (options) => [
      codexLiveSessionId(options.projectPath, options.env, options.now(), options.home),
    ],
  },
  {
    source: "gemini-cli",
    client: /gemini/i,
    sessionIds: (options) => [
      geminiLiveSessionId(options.projectPath, options.env, options.now(), options.home),
    ],
  },
];

/**
 * The stored chat id of the host's live session in the session's app, or null when it cannot be
 * identified or was never imported (see the module doc for the order).
 */
export function findLiveSessionChat(options: LiveSessionOptions): number | null {
  const named = HOSTS.filter((host) => options.clientName && host.client.test(options.clientName));
  for (const host of named.length > 0 ? named : HOSTS) {
    for (const externalId of host.sessionIds(options)) {
      if (externalId === null) continue;
      const chatId = findChatByExternalId(options.db, {
        appId: options.appId,
        source: host.source,
        externalId,
      });
      if (chatId !== null) return chatId;
    }
  }
  return null;
}
