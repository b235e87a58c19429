/**
 * What sync remembers of each history file (`source_files`, migration 4): the size and mtime it
 * saw, how many bytes of complete records it imported and their fingerprint, the file's project
 * root, and why it contributed nothing when it did not.
 */
import type Database from "better-sqlite3";
import { preparedOnce } from "../prepared-statements.js";

/** One `source_files` row. Sizes and offsets are bytes; times are ms since the epoch. */
export interface SourceFileState {
  readonly source: string;
  readonly path: string;
  readonly format: string;
  readonly projectRoot: string | null;
  readonly size: number;
  readonly mtimeMs: number;
  /** Bytes from the start whose complete records are in the store. */
  readonly importedBytes: number;
  /** `prefixFingerprint(path, importedBytes)` when they were imported. */
  readonly prefixHash: string;
  /**
   * Offset (≤ `importedBytes`) of the line that began the last turn imported (the person's last
   * prompt): an append is parsed from here, so a turn split over two syncs reads as one.
   */
  readonly resumeBytes: number;
  /** Chats the file holds in the store. */
  readonly chats: number;
  /** Why the file holds no chat (parse error, no prompt or reply), or null. */
  readonly skipReason: string | null;
  readonly syncedAtMs: number;
  /** The parser version (`importers/parser-version.ts`) the file was read with. */
  readonly parserVersion: number;
}

interface Row {
  source: string;
  path: string;
  format: string;
  project_root: string | null;
  size: number;
  mtime_ms: number;
  imported_bytes: number;
  prefix_hash: string;
  resume_bytes: number;
  chats: number;
  skip_reason: string | null;
  synced_at: number;
  parser_version: number;
}

const fromRow = (row: Row): SourceFileState => ({
  source: row.source,
  path: row.path,
  format: row.format,
  projectRoot: row.project_root,
  size: row.size,
  mtimeMs: row.mtime_ms,
  importedBytes: row.imported_bytes,
  prefixHash: row.prefix_hash,
  resumeBytes: row.resume_bytes,
  chats: row.chats,
  skipReason: row.skip_reason,
  syncedAtMs: row.synced_at,
  parserVersion: row.parser_version,
});

/** Every remembered file of `source`, keyed by path. */
export function loadSourceFileStates(
  db: Database.Database,
  source: string,
): Map<string, SourceFileState> {
  const rows = db.prepare<[string], Row>("SELECT * FROM source_files WHERE source = ?").all(source);
  return new Map(rows.map((row) => [row.path, fromRow(row)]));
}

/** Inserts or replaces the row of `(state.source, state.path)`. Call inside the file's transaction. */
export function saveSourceFileState(db: Database.Database, state: SourceFileState): void {
  preparedOnce(
    db,
    `INSERT INTO source_files
       (source, path, format, project_root, size, mtime_ms, imported_bytes, prefix_hash,
        resume_bytes, chats, skip_reason, synced_at, parser_version)
     VALUES (@source, @path, @format, @projectRoot, @size, @mtimeMs, @importedBytes, @prefixHash,
        @resumeBytes, @chats, @skipReason, @syncedAtMs, @parserVersion)
     ON CONFLICT (source, path) DO UPDATE SET
       format = excluded.format, project_root = excluded.project_root, size = excluded.size,
       mtime_ms = excluded.mtime_ms, imported_bytes = excluded.imported_bytes,
       prefix_hash = excluded.prefix_hash, resume_bytes = excluded.resume_bytes,
       chats = excluded.chats,
       skip_reason = excluded.skip_reason, synced_at = excluded.synced_at,
       parser_version = excluded.parser_version`,
  ).run(state);
}

/** What the store holds of one (source, project root): file, chat and message counts. */
export interface SourceProjectTotals {
  readonly source: string;
  readonly projectRoot: string | null;
  /** The app that holds the root, or null when none does (yet). */
  readonly app: string | null;
  readonly files: number;
  readonly chats: number;
  readonly messages: number;
  /** Files that contributed nothing (a `skip_reason`). */
  readonly skippedFiles: number;
  /** Newest `synced_at` of its files, ms since the epoch. */
  readonly lastSyncedAtMs: number;
}

/** Totals per (source, project root) of every remembered file, ordered by source then root. */
export function sourceProjectTotals(db: Database.Database): SourceProjectTotals[] {
  return db
    .prepare<[], SourceProjectTotals>(
      `SELECT f.source AS source, f.project_root AS projectRoot,
              (SELECT a.name FROM app_roots r JOIN apps a ON a.id = r.app_id
                WHERE r.path = f.project_root) AS app,
              count(*) AS files, sum(f.chats) AS chats,
              sum((SELECT count(*) FROM chats c JOIN messages m ON m.chat_id = c.id
                    WHERE c.source = f.format AND c.source_file = f.path)) AS messages,
              sum(f.skip_reason IS NOT NULL) AS skippedFiles, max(f.synced_at) AS lastSyncedAtMs
         FROM source_files f
        GROUP BY f.source, f.project_root
        ORDER BY f.source, f.project_root`,
    )
    .all();
}

/**
 * Records that a sync pass at `syncedAtMs` saw each of `paths` of `source` (unchanged ones
 * included), or every remembered file of it (`"all"`, one statement), so `synced_at` is the last
 * pass that looked at a file, not its last change. Call inside a write transaction.
 */
export function markSourceFilesSeen(
  db: Database.Database,
  source: string,
  paths: readonly string[] | "all",
  syncedAtMs: number,
): void {
  if (paths === "all") {
    db.prepare<[number, string]>("UPDATE source_files SET synced_at = ? WHERE source = ?").run(
      syncedAtMs,
      source,
    );
    return;
  }
  const mark = db.prepare<[number, string, string]>(
    "UPDATE source_files SET synced_at = ? WHERE source = ? AND path = ?",
  );
  for (const path of paths) mark.run(syncedAtMs, source, path);
}

/**
 * Forgets the remembered state of `paths` of `source` (files gone from disk). The chats stored
 * from them stay: Recollect keeps them after the agent deleted the file.
 */
export function forgetSourceFiles(
  db: Database.Database,
  source: string,
  paths: readonly string[],
): void {
  const forget = db.prepare<[string, string]>(
    "DELETE FROM source_files WHERE source = ? AND path = ?",
  );
  for (const path of paths) forget.run(source, path);
}

/** Every remembered file as (source, path), ordered by source then path. */
export function rememberedSourceFiles(
  db: Database.Database,
): { readonly source: string; readonly path: string }[] {
  return db
    .prepare<[], { source: string; path: string }>(
      "SELECT source, path FROM source_files ORDER BY source, path",
    )
    .all();
}

/** A remembered file that contributed nothing, with why (`skip_reason`). */
export interface SkippedSourceFile {
  readonly source: string;
  readonly path: string;
  readonly reason: string;
}

/** Every remembered file with a skip reason, ordered by source then path. */
export function skippedSourceFiles(db: Database.Database): SkippedSourceFile[] {
  return db
    .prepare<[], SkippedSourceFile>(
      `SELECT source, path, skip_reason AS reason FROM source_files
        WHERE skip_reason IS NOT NULL ORDER BY source, path`,
    )
    .all();
}

/** Project roots the store knows: every app root and every remembered file's root. */
export function knownProjectRoots(db: Database.Database): string[] {
  return db
    .prepare<[], string>(
      `SELECT path FROM app_roots
       UNION SELECT project_root FROM source_files WHERE project_root IS NOT NULL
       ORDER BY 1`,
    )
    .pluck()
    .all();
}
