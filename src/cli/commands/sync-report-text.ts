/**
 * The human text of a sync report: one block per source saying where it looked, what it found
 * and did, every skipped file with its reason, and a warning for a source whose files hold no
 * chat. A source that found nothing says so and where it looked.
 */
import {
  RETENTION_WARNING_DAYS,
  type SourceSyncSummary,
  type SyncReport,
  skipLines,
} from "../../sync/index.js";
import { plural } from "../../text/plural.js";

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
  if (summary.files === 0) {
    const excluded = summary.excluded > 0 ? ` (${plural(summary.excluded, "file")} excluded)` : "";
    return [
      `${name}: nothing found ${where(summary, report)}${excluded}`,
      ...skipLines(summary).map((line) => `  ${line}`),
      ...retentionLines(summary),
    ];
  }
  const { changes } = summary;
  const verb = report.dryRun ? "would write" : "wrote";
  const lines = [
    `${name}: ${plural(summary.files, "file")} ${where(summary, report)}`,
    `  files: ${changes.new} new, ${changes.appended} appended, ${changes.rewritten} rewritten, ${changes.unchanged} unchanged`,
    `  chats: ${summary.newChats} new, ${summary.updatedChats} updated, ${summary.unchangedChats} unchanged; ${verb} ${plural(summary.messages, "message")}${removed(summary)}`,
  ];
  if (summary.excluded > 0)
    lines.push(`  excluded ${plural(summary.excluded, "file")} (--exclude, exclude setting)`);
  for (const line of skipLines(summary)) lines.push(`  ${line}`);
  lines.push(...retentionLines(summary));
  for (const file of summary.waiting) {
    lines.push(`  waiting ${file}: its last line is still being written (read next sync)`);
  }
  if (summary.noParsableChat) {
    lines.push(
      summary.files === 1
        ? "  warning: the 1 file holds no chat Recollect can read"
        : `  warning: none of the ${plural(summary.files, "file")} holds a chat Recollect can read`,
    );
  }
  return lines;
}

/**
 * What the store keeps of the source's deleted files, and the warning before the agent deletes
 * more (its own retention setting), each line only when there is something to say.
 */
function retentionLines(summary: SourceSyncSummary): string[] {
  const lines: string[] = [];
  if (summary.keptChats > 0) {
    lines.push(
      `  kept ${plural(summary.keptChats, "chat")} after the agent deleted ${summary.keptChats === 1 ? "its file" : "their files"} (only in Recollect now)`,
    );
  }
  const warning = summary.retention;
  if (warning) {
    const setting = warning.settingsFile
      ? `cleanupPeriodDays in ${warning.settingsFile}`
      : "its default";
    lines.push(
      `  warning: ${summary.label} deletes sessions ${plural(warning.days, "day")} after their last change (${setting}); ${plural(warning.files, "file")} ${warning.files === 1 ? "is" : "are"} within ${RETENTION_WARNING_DAYS} days of it. Recollect keeps what it synced: run \`recollect sync\` again before then, or keep \`recollect sync --watch\` running`,
    );
  }
  return lines;
}

/** `, removed 2 messages` when a rewritten file made the store lose messages, else nothing. */
function removed(summary: SourceSyncSummary): string {
  return summary.messagesRemoved > 0
    ? `, removed ${plural(summary.messagesRemoved, "message")}`
    : "";
}

/** How to make sync look in a project it does not know, said where a project source found nothing. */
const POINT_AT_PROJECT =
  "run sync inside it, pass --project DIR, or settings set sync.roots '[\"DIR\"]'";

function where(summary: SourceSyncSummary, report: SyncReport): string {
  if (summary.scope === "project") {
    return report.projectRoots.length === 0
      ? `(no project folders known yet: ${POINT_AT_PROJECT})`
      : `in ${plural(report.projectRoots.length, "project folder")}${summary.files === 0 ? ` (for another project: ${POINT_AT_PROJECT})` : ""}`;
  }
  if (summary.locations.length > 3) return `in ${plural(summary.locations.length, "folder")}`;
  const unreadable = new Set(summary.skippedFolders.map((skipped) => skipped.folder));
  return `in ${summary.locations
    .map((location) =>
      location.exists || unreadable.has(location.path)
        ? location.path
        : `${location.path} (no such folder)`,
    )
    .join(", ")}`;
}

/**
 * One line for a `--watch` pass that changed something (`09:14:03 claude-code: 1 updated chat,
 * 1 message; indexed 1 message`), or null when nothing changed.
 */
export function formatSyncPassLine(report: SyncReport, indexed: number, at: Date): string | null {
  const parts = report.sources.flatMap((summary) => {
    const changed = summary.newChats + summary.updatedChats;
    const skipped = summary.skipped.length + summary.skippedFolders.length;
    if (changed === 0 && summary.messages === 0) return [];
    const chats = [
      summary.newChats > 0 ? plural(summary.newChats, "new chat") : null,
      summary.updatedChats > 0 ? plural(summary.updatedChats, "updated chat") : null,
    ].filter((part) => part !== null);
    return [
      `${summary.source}: ${[...chats, plural(summary.messages, "message")].join(", ")}${removed(summary)}${skipped > 0 ? `, ${skipped} skipped` : ""}`,
    ];
  });
  if (parts.length === 0) return null;
  return `${at.toISOString().slice(11, 19)} ${parts.join("; ")}; indexed ${plural(indexed, "message")}\n`;
}
