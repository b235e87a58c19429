/**
 * The words of a skipped file or folder, one line each, for every surface that reports a sync
 * pass (`recollect sync`'s summary, the MCP server's log), so they say it the same way.
 */
import type { SourceSyncSummary } from "./sync-history.js";

/**
 * One line per folder then per file `summary` skipped, with its reason:
 * `skipped folder /home/me/.claude/projects: cannot read the folder (EACCES)`,
 * `skipped /home/me/.codex/…/rollout-….jsonl: cannot read the file (EACCES)`. No indent.
 */
export function skipLines(summary: SourceSyncSummary): string[] {
  return [
    ...summary.skippedFolders.map(
      (skipped) => `skipped folder ${skipped.folder}: ${skipped.reason}`,
    ),
    ...summary.skipped.map((skipped) => `skipped ${skipped.file}: ${skipped.reason}`),
  ];
}
