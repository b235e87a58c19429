/**
 * Cursor: the chat store `state.vscdb` in `Cursor/User/globalStorage/` under the platform's
 * application-data folder (`~/.config` on Linux, `~/Library/Application Support` on macOS); one
 * file holding every composer (docs/IMPORT-FORMATS.md § Cursor). The file has no single project:
 * the importer gives each composer the workspace folder Cursor recorded for it.
 */
import { join } from "node:path";
import { filesIn, homeLocations } from "../fs-listing.js";
import type { HistorySource } from "../history-source.js";
import { applicationDataFolder } from "./application-data.js";

export const cursorSource: HistorySource = {
  name: "cursor",
  label: "Cursor",
  format: "cursor",
  scope: "home",
  growth: "whole-file",
  locations: (environment) =>
    homeLocations(
      environment,
      "cursor",
      null,
      "",
      join(applicationDataFolder(), "Cursor/User/globalStorage"),
    ),
  listFiles: (location) =>
    filesIn(location, (name) => name === "state.vscdb").map((path) => ({
      path,
      projectRoot: null,
      parentPath: null,
    })),
  projectRootOf: () => null,
};
