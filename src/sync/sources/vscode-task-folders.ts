/**
 * Cline and Roo Code: one folder per task in VS Code's `globalStorage`, under
 * `<extension id>/tasks/<task id>/` (docs/IMPORT-FORMATS.md § Cline and Roo Code), for VS Code,
 * VS Code Insiders, VSCodium and Cursor (which runs the same extensions). A task is synced from its
 * `ui_messages.json` (format `cline`); a task folder with only `api_conversation_history.json` is
 * left to `recollect import`, whose `cline-api` format reads it. The project root is the workspace
 * the UI log's first request names.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { WORKING_DIRECTORY } from "../../importers/formats/cline.js";
import { filesIn, foldersIn } from "../fs-listing.js";
import type { HistorySource, SourceEnvironment, SourceFile } from "../history-source.js";
import { applicationDataFolder } from "./application-data.js";

/** The editors whose `User/globalStorage` may hold the extensions' tasks. */
const EDITORS = ["Code", "Code - Insiders", "VSCodium", "Cursor"] as const;

/** How much of a task file is read for its workspace: the first request names it. */
const HEAD_BYTES = 256 * 1024;

/** A task-folder source for the extension `extensionId` (e.g. `saoudrizwan.claude-dev`). */
function taskFolderSource(name: string, label: string, extensionId: string): HistorySource {
  return {
    name,
    label,
    format: "cline",
    scope: "home",
    locations: (environment: SourceEnvironment) => {
      const configured = environment.settingsFolders[name];
      if (configured && configured.length > 0) return [...configured];
      return EDITORS.map((editor) =>
        join(
          environment.home,
          applicationDataFolder(),
          editor,
          "User",
          "globalStorage",
          extensionId,
          "tasks",
        ),
      );
    },
    listFiles(location, onSkipped) {
      const files: SourceFile[] = [];
      for (const task of foldersIn(location, onSkipped)) {
        for (const path of filesIn(task, (file) => file === "ui_messages.json", onSkipped)) {
          files.push({ path, projectRoot: null, parentPath: null });
        }
      }
      return files;
    },
    projectRootOf: (file) => file.projectRoot ?? recordedWorkspace(file.path),
  };
}

/** Cline (`saoudrizwan.claude-dev`). */
export const clineSource = taskFolderSource("cline", "Cline", "saoudrizwan.claude-dev");
/** Roo Code (`rooveterinaryinc.roo-cline`). */
export const rooCodeSource = taskFolderSource("roo-code", "Roo Code", "rooveterinaryinc.roo-cline");

/** The workspace named in the first ≤ 256 KB of a task file; null when none. Never throws. */
function recordedWorkspace(path: string): string | null {
  try {
    const descriptor = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      const length = readSync(descriptor, buffer, 0, HEAD_BYTES, 0);
      return WORKING_DIRECTORY.exec(buffer.subarray(0, length).toString("utf8"))?.[1] ?? null;
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return null;
  }
}
