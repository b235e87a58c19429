/**
 * Codex CLI: `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`, one session a file (FORMATS.md § 4).
 * `CODEX_HOME` moves `~/.codex` (Codex's own variable). The project root is the `cwd` recorded in
 * the rollout's `session_meta`.
 */

import { filesIn, foldersIn, homeLocations } from "../fs-listing.js";
import type { HistorySource, SourceFile } from "../history-source.js";
import { readRecordedCwd } from "../recorded-cwd.js";

const isRollout = (name: string) => name.startsWith("rollout-") && name.endsWith(".jsonl");

export const codexSource: HistorySource = {
  name: "codex",
  label: "Codex CLI",
  format: "codex",
  scope: "home",
  locations: (environment) =>
    homeLocations(environment, "codex", "CODEX_HOME", "sessions", ".codex/sessions"),
  listFiles(location, onSkipped) {
    const files: SourceFile[] = [];
    for (const year of foldersIn(location, onSkipped)) {
      for (const month of foldersIn(year, onSkipped)) {
        for (const day of foldersIn(month, onSkipped)) {
          for (const path of filesIn(day, isRollout, onSkipped)) {
            files.push({ path, projectRoot: null, parentPath: null });
          }
        }
      }
    }
    return files;
  },
  projectRootOf: (file) => file.projectRoot ?? readRecordedCwd(file.path),
};
