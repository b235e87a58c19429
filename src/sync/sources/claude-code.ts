/**
 * Claude Code: `~/.claude/projects/<encoded-cwd>/<sessionId>.jsonl`, one session a file, and its
 * sub-agents' transcripts in `<encoded-cwd>/<sessionId>/subagents/*.jsonl` (FORMATS.md § 3; before
 * version 2.1.2, `<encoded-cwd>/agent-<id>.jsonl` beside the sessions), each its own chat linked to
 * the parent session, whose file never holds the sub-agent's lines as its own (sidechains). `CLAUDE_CONFIG_DIR` moves `~/.claude` (Claude Code's
 * own variable). The project root is the `cwd` the file records: the folder name's encoding
 * (`/`, `.` and other characters but letters and digits → `-`) cannot be reversed, but it can be
 * computed from a root, which is how a watcher of one project finds that project's folders.
 */
import { basename, join } from "node:path";
import { isLegacySubagentFile } from "../../importers/formats/claude-code.js";
import { filesIn, foldersIn, homeLocations } from "../fs-listing.js";
import type { HistorySource, SourceFile } from "../history-source.js";
import { readRecordedCwd, readRecordedSessionId } from "../recorded-cwd.js";
import { claudeCodeRetention } from "./claude-code-retention.js";

const isJsonl = (name: string) => name.endsWith(".jsonl");

export const claudeCodeSource: HistorySource = {
  name: "claude-code",
  label: "Claude Code",
  format: "claude-code",
  scope: "home",
  locations: (environment) =>
    homeLocations(environment, "claude-code", "CLAUDE_CONFIG_DIR", "projects", ".claude/projects"),
  listFiles(location, onSkipped) {
    const files: SourceFile[] = [];
    for (const project of foldersIn(location, onSkipped)) {
      for (const path of filesIn(project, isJsonl, onSkipped)) {
        // Before `subagents/` folders a sub-agent's transcript lay beside the sessions, naming its
        // parent by the `sessionId` on its lines.
        const parentId = isLegacySubagentFile(path) ? readRecordedSessionId(path) : null;
        const parentPath = parentId === null ? null : join(project, `${parentId}.jsonl`);
        files.push({ path, projectRoot: null, parentPath });
      }
      for (const session of foldersIn(project, onSkipped)) {
        const parentPath = join(project, `${basename(session)}.jsonl`);
        for (const path of filesIn(join(session, "subagents"), isJsonl, onSkipped)) {
          files.push({ path, projectRoot: null, parentPath });
        }
      }
    }
    return files;
  },
  projectRootOf: (file) => file.projectRoot ?? readRecordedCwd(file.path),
  // Claude Code writes `/` and `.` as `-`; every other character but letters and digits is folded
  // the same way here, so a folder whose name another version encoded more widely still matches.
  projectFolderName: (projectRoot) => projectRoot.replace(/[^A-Za-z0-9-]/g, "-"),
  retention: claudeCodeRetention,
};
