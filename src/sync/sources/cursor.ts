/**
 * Cursor: the chat store `state.vscdb` in `Cursor/User/globalStorage/` under the platform's
 * application-data folder (`~/.config` on Linux, `~/Library/Application Support` on macOS); one
 * file holding every composer (docs/IMPORT-FORMATS.md § Cursor). The file has no single project:
 * the importer gives each composer the workspace folder Cursor recorded for it, from the
 * workspace folders beside (`../workspaceStorage/<id>/`): those files are its companions, so a
 * composer that a workspace lists only later moves to its project's app on the next sync even
 * when the chat database itself did not change.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { filesIn, homeLocations } from "../fs-listing.js";
import type { HistorySource } from "../history-source.js";
import { applicationDataFolder } from "./application-data.js";

export const cursorSource: HistorySource = {
  name: "cursor",
  label: "Cursor",
  format: "cursor",
  scope: "home",
  locations: (environment) =>
    homeLocations(
      environment,
      "cursor",
      null,
      "",
      join(applicationDataFolder(), "Cursor/User/globalStorage"),
    ),
  listFiles: (location, onSkipped) =>
    filesIn(location, (name) => name === "state.vscdb", onSkipped).map((path) => ({
      path,
      projectRoot: null,
      parentPath: null,
    })),
  projectRootOf: () => null,
  companionFiles: (file) => workspaceFiles(file.path),
};

/** The files of one workspace folder the importer reads: its composer list and its folder. */
const WORKSPACE_FILES = ["state.vscdb", "state.vscdb-wal", "workspace.json"] as const;

/**
 * The workspace files beside the global `state.vscdb` at `path`: three per folder of
 * `workspaceStorage` (one per window Cursor opened), so the cost is one `stat` per file the
 * importer would read. [] when the folder is missing or unreadable.
 */
function workspaceFiles(path: string): string[] {
  const storage = join(dirname(dirname(path)), "workspaceStorage");
  let workspaces: string[];
  try {
    workspaces = readdirSync(storage).sort();
  } catch {
    return [];
  }
  return workspaces.flatMap((id) => WORKSPACE_FILES.map((name) => join(storage, id, name)));
}
