/**
 * SpecStory: `<project>/.specstory/history/*.md`, one chat a file (FORMATS.md § 1), looked for in
 * every project root (the roots other sources' chats name, the store's, and `--project DIR`).
 */
import { dirname, join } from "node:path";
import { filesIn } from "../fs-listing.js";
import type { HistorySource } from "../history-source.js";

export const specStorySource: HistorySource = {
  name: "specstory",
  label: "SpecStory",
  format: "specstory",
  scope: "project",
  locations: (_environment, projectRoots) =>
    projectRoots.map((root) => join(root, ".specstory", "history")),
  listFiles(location, onSkipped) {
    const projectRoot = dirname(dirname(location));
    return filesIn(location, (name) => name.endsWith(".md"), onSkipped).map((path) => ({
      path,
      projectRoot,
      parentPath: null,
    }));
  },
  projectRootOf: (file) => file.projectRoot,
};
