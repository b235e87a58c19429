/**
 * Chats Recollect keeps after the agent deleted their file: agents delete their own history
 * (Claude Code removes transcripts older than its `cleanupPeriodDays`), while the store keeps
 * every chat it synced. Counted per source so `recollect sources` and the sync summary can say
 * what is now only in Recollect.
 */
import { existsSync } from "node:fs";
import type Database from "better-sqlite3";
import { chatCountsBySourceFile } from "../store/catalog/chats.js";
import type { HistorySource, SourceEnvironment } from "./history-source.js";
import { isInside } from "./project-scope.js";
import { HISTORY_SOURCES } from "./sources/index.js";

/**
 * True when a chat stored from `sourceFile` (absolute; `''` for a chat of no file) is kept after
 * its file was deleted: the file is gone from disk. One `stat`.
 */
export function isFileGone(sourceFile: string): boolean {
  return sourceFile !== "" && !existsSync(sourceFile);
}

/**
 * How many chats of `source` the store holds whose file no longer exists. `listed` are files a
 * pass just listed (they exist; not stat-ed again). A file of a format two sources share (Cline
 * and Roo Code both write `cline`) counts for the source whose folders hold it, else for the
 * first of them. Costs one `stat` per stored file not in `listed`.
 */
export function keptChatCount(
  db: Database.Database,
  source: HistorySource,
  environment: SourceEnvironment,
  listed: ReadonlySet<string> = new Set(),
): number {
  const siblings = HISTORY_SOURCES.filter((other) => other.format === source.format);
  const folders = (of: HistorySource) => (of.scope === "home" ? of.locations(environment, []) : []);
  const owns = (path: string) => {
    if (siblings.length < 2) return true;
    const holder = siblings.find((other) =>
      folders(other).some((folder) => isInside(path, folder)),
    );
    return (holder ?? siblings[0]) === source;
  };
  let kept = 0;
  for (const row of chatCountsBySourceFile(db, source.format)) {
    if (listed.has(row.sourceFile) || !owns(row.sourceFile)) continue;
    if (!existsSync(row.sourceFile)) kept += row.chats;
  }
  return kept;
}
