/**
 * The bare-bm25 floor every eval run reports beside the explorer (issue 13 § Build 2): per app, a
 * separate in-memory FTS5 table (`porter unicode61`) over the raw `content` of every message of
 * that app — not the product index, no projection — so bm25's statistics are the app's own. One
 * query per question ({@link floorMatch}), ranked by bm25, nothing else. The store is read through
 * the catalog; the SQL here is the floor's own private database.
 */
import Database from "better-sqlite3";
import { listApps } from "../../store/catalog/apps.js";
import { iterateAppMessages } from "../../store/catalog/messages.js";
import type { Store } from "../../store/open-store.js";
import { floorMatch } from "./floor-query.js";

/** One ranked message of the floor. */
export interface FloorHit {
  readonly messageId: number;
  readonly chatId: number;
}

/** The floor's tables for one run. Close it when the run ends. */
export interface FloorIndex {
  /** The top `limit` messages of `appId` for `question`, best first; empty when no term is left. */
  rank(appId: number, question: string, limit: number): FloorHit[];
  close(): void;
}

/**
 * Copies every message of every app of `store` into per-app FTS5 tables of a private in-memory
 * database. Reads the store, never writes it.
 */
export function buildFloorIndex(store: Store): FloorIndex {
  const db = new Database(":memory:");
  const apps = listApps(store.db).map((app) => app.id);
  for (const appId of apps) {
    db.exec(
      `CREATE VIRTUAL TABLE floor_${appId} USING fts5(content, chat_id UNINDEXED, tokenize = 'porter unicode61')`,
    );
    const insert = db.prepare(
      `INSERT INTO floor_${appId} (rowid, content, chat_id) VALUES (?, ?, ?)`,
    );
    db.transaction(() => {
      for (const row of iterateAppMessages(store.db, appId)) {
        insert.run(row.id, row.content, row.chatId);
      }
    })();
  }
  const known = new Set(apps);
  return {
    rank(appId, question, limit) {
      const match = floorMatch(question);
      if (match === null || !known.has(appId) || limit <= 0) return [];
      return db
        .prepare<[string, number], { rowid: number; chat_id: number }>(
          `SELECT rowid, chat_id FROM floor_${appId} WHERE floor_${appId} MATCH ? ORDER BY rank LIMIT ?`,
        )
        .all(match, limit)
        .map((row) => ({ messageId: row.rowid, chatId: row.chat_id }));
    },
    close: () => db.close(),
  };
}
