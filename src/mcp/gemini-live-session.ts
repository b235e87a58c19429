/**
 * Gemini CLI's live session, seen from the MCP server it spawned. Gemini CLI passes no session
 * identity to MCP servers (`GEMINI_SESSION_ID` is set for its hooks; read when present all the
 * same). Otherwise the live session is the newest session file written within the window in the
 * project's folder under `~/.gemini/tmp/`: the folder named by the SHA-256 of the project path
 * (older releases) or the one whose `.project_root` holds that path (newer ones, which name the
 * folder after the project). Its `sessionId` is the header's (the file name keeps 8 characters).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { readHead, recentFiles } from "./recent-file.js";

/** Bytes of a session file's head read for its `sessionId` (the first field the CLI writes). */
const HEADER_BYTES = 4096;
const SESSION_ID = /"sessionId"\s*:\s*"([^"\\]+)"/;

/**
 * The session id of the Gemini CLI session working in `projectPath` now: `GEMINI_SESSION_ID` when
 * set, else the newest recent session file of that project; null when none.
 */
export function geminiLiveSessionId(
  projectPath: string | null,
  env: NodeJS.ProcessEnv,
  nowMs: number,
  home: string = homedir(),
): string | null {
  const fromEnv = env.GEMINI_SESSION_ID?.trim();
  if (fromEnv) return fromEnv;
  if (projectPath === null) return null;
  const sessions = projectFolders(join(home, ".gemini", "tmp"), projectPath).flatMap((folder) =>
    names(join(folder, "chats"))
      .filter((name) => name.startsWith("session-") && /\.jsonl?$/.test(name))
      .map((name) => join(folder, "chats", name)),
  );
  for (const path of recentFiles(sessions, nowMs)) {
    const id = readHead(path, HEADER_BYTES)?.match(SESSION_ID)?.[1];
    if (id) return id;
  }
  return null;
}

/** The folders under `tmp` that hold `projectPath`'s sessions (by hash or by `.project_root`). */
function projectFolders(tmp: string, projectPath: string): string[] {
  const hash = createHash("sha256").update(projectPath).digest("hex");
  return names(tmp)
    .filter((name) => name === hash || recordedRoot(join(tmp, name)) === projectPath)
    .map((name) => join(tmp, name));
}

function recordedRoot(folder: string): string | null {
  try {
    return readFileSync(join(folder, ".project_root"), "utf8").trim();
  } catch {
    return null;
  }
}

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
