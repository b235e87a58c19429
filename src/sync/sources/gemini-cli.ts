/**
 * Gemini CLI: `~/.gemini/tmp/<project>/chats/session-*.json|.jsonl`, one session a file (the
 * format's docs: docs/IMPORT-FORMATS.md § Gemini CLI), and sub-agent sessions in
 * `chats/<parentSessionId>/*.jsonl`, each its own chat linked to the parent session's file. The
 * `<project>` folder is a hash of the project path (or, in newer releases, a short name); newer
 * releases write the project path itself into `<project>/.project_root`, which is the root here.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { filesIn, foldersIn, homeLocations } from "../fs-listing.js";
import type { HistorySource, SourceFile } from "../history-source.js";

const isSession = (name: string) =>
  name.startsWith("session-") && (name.endsWith(".json") || name.endsWith(".jsonl"));
const isJsonl = (name: string) => name.endsWith(".jsonl");

export const geminiCliSource: HistorySource = {
  name: "gemini-cli",
  label: "Gemini CLI",
  format: "gemini-cli",
  scope: "home",
  locations: (environment) => homeLocations(environment, "gemini-cli", null, "", ".gemini/tmp"),
  listFiles(location, onSkipped) {
    const files: SourceFile[] = [];
    for (const project of foldersIn(location, onSkipped)) {
      const projectRoot = recordedProjectRoot(project);
      const chats = join(project, "chats");
      const sessions = filesIn(chats, isSession, onSkipped);
      for (const path of sessions) files.push({ path, projectRoot, parentPath: null });
      for (const folder of foldersIn(chats, onSkipped)) {
        // Session files end in the first 8 characters of their session id.
        const shortId = basename(folder).slice(0, 8);
        const parentPath =
          sessions.find((path) =>
            basename(path)
              .replace(/\.jsonl?$/, "")
              .endsWith(`-${shortId}`),
          ) ?? null;
        for (const path of filesIn(folder, isJsonl, onSkipped))
          files.push({ path, projectRoot, parentPath });
      }
    }
    return files;
  },
  projectRootOf: (file) => file.projectRoot,
};

/** The project path in `<project>/.project_root`; null when the file is missing or empty. */
function recordedProjectRoot(project: string): string | null {
  try {
    const root = readFileSync(join(project, ".project_root"), "utf8").trim();
    return root === "" ? null : root;
  } catch {
    return null;
  }
}
