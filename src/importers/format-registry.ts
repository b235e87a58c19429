/**
 * Every import format, in detection order: the first module whose `detect` accepts a file's head
 * reads it. Most detectors exclude each other (a SQLite header, a Markdown header line, a JSON
 * array, typed JSONL records); where shapes overlap the more specific format comes first, and the
 * generic JSONL format is last because its keys are the loosest. Adding a format is one module in
 * `formats/` and one line here.
 */
import type { DetectionHead } from "./detection-head.js";
import { aiderFormat } from "./formats/aider.js";
import { chatGptFormat } from "./formats/chatgpt.js";
import { claudeCodeFormat } from "./formats/claude-code.js";
import { clineFormat } from "./formats/cline.js";
import { clineApiHistoryFormat } from "./formats/cline-api-history.js";
import { codexFormat } from "./formats/codex.js";
import { cursorFormat } from "./formats/cursor.js";
import { dyadFormat } from "./formats/dyad.js";
import { geminiCliFormat } from "./formats/gemini-cli.js";
import { genericJsonlFormat } from "./formats/generic-jsonl.js";
import { openCodeFormat } from "./formats/opencode.js";
import { specStoryFormat } from "./formats/specstory.js";

/** The registered formats in detection order; reports list formats in this order too. */
export const IMPORT_FORMAT_MODULES = [
  specStoryFormat,
  geminiCliFormat,
  claudeCodeFormat,
  codexFormat,
  aiderFormat,
  clineFormat,
  clineApiHistoryFormat,
  chatGptFormat,
  openCodeFormat,
  dyadFormat,
  cursorFormat,
  genericJsonlFormat,
] as const;

/** One registered format module. */
export type RegisteredFormatModule = (typeof IMPORT_FORMAT_MODULES)[number];

/** Every format the importer recognizes; also the `chats.source` value written to the store. */
export type ImportFormat = RegisteredFormatModule["format"];

/** All format names, in registry order. */
export const IMPORT_FORMATS: readonly ImportFormat[] = IMPORT_FORMAT_MODULES.map(
  (module) => module.format,
);

/** The formats' names as people know them, for help texts: "SpecStory, Claude Code, …". */
export const IMPORT_FORMAT_LABELS: string = IMPORT_FORMAT_MODULES.map(
  (module) => module.label,
).join(", ");

/** The first registered module that recognizes `head`, or null when none does. Never throws. */
export function detectFormatModule(head: DetectionHead): RegisteredFormatModule | null {
  return IMPORT_FORMAT_MODULES.find((module) => module.detect(head)) ?? null;
}
