/**
 * OpenCode: `$XDG_DATA_HOME/opencode/storage/` (default `~/.local/share/opencode/storage/`), one
 * chat per session file `session/<projectID>/<sessionID>.json` (docs/IMPORT-FORMATS.md § OpenCode;
 * the importer reads the session's message and part files itself). A session records its project
 * folder (`directory`) and, for a sub-agent's session, its parent (`parentID`).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { filesIn, foldersIn, homeLocations } from "../fs-listing.js";
import type { HistorySource, SourceFile } from "../history-source.js";

export const openCodeSource: HistorySource = {
  name: "opencode",
  label: "OpenCode",
  format: "opencode",
  scope: "home",
  locations: (environment) =>
    homeLocations(
      environment,
      "opencode",
      "XDG_DATA_HOME",
      "opencode/storage",
      ".local/share/opencode/storage",
    ),
  listFiles(location, onSkipped) {
    const files: SourceFile[] = [];
    for (const project of foldersIn(join(location, "session"), onSkipped)) {
      for (const path of filesIn(
        project,
        (name) => name.startsWith("ses_") && name.endsWith(".json"),
        onSkipped,
      )) {
        const parentId = sessionField(path, "parentID");
        files.push({
          path,
          projectRoot: null,
          parentPath: parentId ? join(dirname(path), `${parentId}.json`) : null,
        });
      }
    }
    return files;
  },
  projectRootOf: (file) => file.projectRoot ?? sessionField(file.path, "directory"),
};

/** A string field of a session file; null when absent or the file is unreadable. Never throws. */
function sessionField(path: string, field: "directory" | "parentID"): string | null {
  try {
    const value: unknown = (JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>)[
      field
    ];
    return typeof value === "string" && value.trim() !== "" ? value : null;
  } catch {
    return null;
  }
}
