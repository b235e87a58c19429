/**
 * The human text of a sync report: one block per source saying where it looked, what it found
 * and did, every skipped file with its reason, and a warning for a source whose files hold no
 * chat. A source that found nothing says so and where it looked.
 */
import type { SourceSyncSummary, SyncReport } from "../../sync/index.js";
import { plural } from "../plural.js";

/** Formats `report`; `indexed` is the messages the index drained after it (null for a dry run). */
export function formatSyncReport(report: SyncReport, indexed: number | null): string {
  const lines: string[] = [];
  for (const summary of report.sources) lines.push(...sourceLines(summary, report));
  if (report.dryRun) lines.push("dry run: nothing was written");
  if (indexed !== null) lines.push(`indexed ${plural(indexed, "message")}`);
  return `${lines.join("\n")}\n`;
}

function sourceLines(summary: SourceSyncSummary, report: SyncReport): string[] {
  const name = `${summary.source} (${summary.label})`;
  if (summary.files === 0) return [`${name}: nothing found ${where(summary, report)}`];
  const { changes } = summary;
  const verb = report.dryRun ? "would write" : "wrote";
  const lines = [
    `${name}: ${plural(summary.files, "file")} ${where(summary, report)}`,
    `  files: ${changes.new} new, ${changes.appended} appended, ${changes.rewritten} rewritten, ${changes.unchanged} unchanged`,
    `  chats: ${summary.newChats} new, ${summary.updatedChats} updated, ${summary.unchangedChats} unchanged; ${verb} ${plural(summary.messages, "message")}`,
  ];
  for (const skipped of summary.skipped) lines.push(`  skipped ${skipped.file}: ${skipped.reason}`);
  for (const file of summary.waiting) {
    lines.push(`  waiting ${file}: its last line is still being written (read next sync)`);
  }
  if (summary.noParsableChat) {
    lines.push(
      `  warning: none of the ${plural(summary.files, "file")} holds a chat Recollect can read`,
    );
  }
  return lines;
}

function where(summary: SourceSyncSummary, report: SyncReport): string {
  if (summary.locations.length === 0) {
    return report.projectRoots.length === 0
      ? "(no project folders known yet: sync an agent's sessions first, or pass --project DIR)"
      : `in ${plural(report.projectRoots.length, "project folder")}`;
  }
  if (summary.locations.length > 3) return `in ${plural(summary.locations.length, "folder")}`;
  return `in ${summary.locations
    .map((location) => (location.exists ? location.path : `${location.path} (no such folder)`))
    .join(", ")}`;
}
