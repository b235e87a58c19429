/**
 * Every history source `recollect sync` knows, in sync order: `home` sources first (their chats
 * name the project roots), then `project` sources (looked for inside those roots). Adding a source
 * is one file in this folder and one line here.
 */
import type { HistorySource } from "../history-source.js";
import { aiderSource } from "./aider.js";
import { claudeCodeSource } from "./claude-code.js";
import { codexSource } from "./codex.js";
import { cursorSource } from "./cursor.js";
import { geminiCliSource } from "./gemini-cli.js";
import { openCodeSource } from "./opencode.js";
import { specStorySource } from "./specstory.js";
import { clineSource, rooCodeSource } from "./vscode-task-folders.js";

/** The registered sources; names are unique. */
export const HISTORY_SOURCES: readonly HistorySource[] = [
  claudeCodeSource,
  codexSource,
  geminiCliSource,
  cursorSource,
  openCodeSource,
  clineSource,
  rooCodeSource,
  specStorySource,
  aiderSource,
];

/** Every source name, in registry order (for `--source` validation and help). */
export const HISTORY_SOURCE_NAMES: readonly string[] = HISTORY_SOURCES.map((source) => source.name);
