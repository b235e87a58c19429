/**
 * `recollect sources`: every history source `sync` knows, where it looks, and per project what
 * was synced (files, chats, messages, skipped files, last sync time). `--json` gives the same as
 * data with ISO-8601 times.
 */

import type { Command } from "commander";
import { settingsStoreForStorePath } from "../../settings/index.js";
import {
  pruneGoneSourceFiles,
  type SourceOverview,
  sourceOverview,
  syncEnvironment,
} from "../../sync/index.js";
import { isoTimeOrNull, timeText } from "../../text/iso-time.js";
import { plural } from "../../text/plural.js";
import { globalOptions, openExistingCliStore } from "../cli-context.js";
import { writeAnswer } from "../write-answer.js";

/** The `--json` shape: times as ISO-8601 strings (UTC). */
export function sourcesJson(overview: readonly SourceOverview[]) {
  return overview.map(({ lastSyncedAtMs, projects, ...source }) => ({
    ...source,
    last_synced_at: isoTimeOrNull(lastSyncedAtMs),
    projects: projects.map(({ lastSyncedAtMs: last, ...project }) => ({
      ...project,
      last_synced_at: isoTimeOrNull(last),
    })),
  }));
}

/** Human text: one block per source. */
export function formatSources(overview: readonly SourceOverview[]): string {
  const lines: string[] = [];
  for (const source of overview) {
    const where =
      source.scope === "home"
        ? source.locations.map((location) => `${location.path}${locationNote(location)}`).join(", ")
        : "inside project folders";
    const last =
      source.lastSyncedAtMs === null
        ? // Every file it synced is gone: what it stored is kept, its files are not listed.
          source.keptChats > 0
          ? "no files left"
          : "never synced"
        : `last sync ${timeText(isoTimeOrNull(source.lastSyncedAtMs))}`;
    lines.push(`${source.source} (${source.label}): ${where}; ${last}`);
    for (const project of source.projects) {
      const skipped = project.skippedFiles > 0 ? `, ${project.skippedFiles} skipped` : "";
      lines.push(
        `  ${project.projectRoot ?? "(no project folder)"}${project.app ? ` → app ${project.app}` : ""}: ${plural(project.files, "file")}${skipped}, ${plural(project.chats, "chat")}, ${plural(project.messages, "message")}, synced ${timeText(isoTimeOrNull(project.lastSyncedAtMs))}`,
      );
    }
    for (const location of source.locations) {
      if (location.unreadable)
        lines.push(`  skipped folder ${location.path}: ${location.unreadable}`);
    }
    for (const file of source.skipped) lines.push(`  skipped ${file.file}: ${file.reason}`);
    if (source.keptChats > 0) {
      lines.push(`  kept after the agent deleted it: ${plural(source.keptChats, "chat")}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** What follows a searched folder's path: nothing when it exists, else why nothing is there. */
function locationNote(location: SourceOverview["locations"][number]): string {
  if (location.exists) return "";
  return location.unreadable === null ? " (no such folder)" : "";
}

/** Registers `recollect sources`. */
export function registerSourcesCommand(program: Command): void {
  program
    .command("sources")
    .description("list the history sources sync reads, per project, with counts and last sync")
    .action(async (_options: unknown, command: Command) => {
      const global = globalOptions(command);
      using store = openExistingCliStore(global);
      pruneGoneSourceFiles(store.db);
      const overview = sourceOverview(
        store.db,
        syncEnvironment(settingsStoreForStorePath(store.path)),
      );
      await writeAnswer(command, sourcesJson(overview), () => formatSources(overview));
    });
}
