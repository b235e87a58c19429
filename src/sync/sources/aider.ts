/**
 * aider: `<project>/.aider.chat.history.md`, one append-only file per working folder holding many
 * sessions (FORMATS.md § 2), looked for at every project root.
 */

import { filesIn } from "../fs-listing.js";
import type { HistorySource } from "../history-source.js";

const HISTORY_FILE = ".aider.chat.history.md";

export const aiderSource: HistorySource = {
  name: "aider",
  label: "aider",
  format: "aider",
  scope: "project",
  locations: (_environment, projectRoots) => [...projectRoots],
  // The history file sits directly in the project root: the watcher never walks the project.
  watchDepth: 0,
  listFiles(location, onSkipped) {
    return filesIn(location, (name) => name === HISTORY_FILE, onSkipped).map((path) => ({
      path,
      projectRoot: location,
      parentPath: null,
    }));
  },
  projectRootOf: (file) => file.projectRoot,
};
