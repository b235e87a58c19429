import type { DatabasePort } from "../../store/database-port.js";

/** Key of the projection version the index rows were built with, in `history_meta`. */
export const PROJECTION_VERSION_KEY = "projection_version";

/**
 * The projection version recorded in `history_meta` (written by start-up repair when it re-queues
 * every message for a new version), or null when no repair has run on this store yet.
 */
export function storedProjectionVersion(db: DatabasePort): number | null {
  const value = db
    .prepare("SELECT value FROM history_meta WHERE key = ?")
    .pluck()
    .get(PROJECTION_VERSION_KEY);
  return typeof value === "string" ? Number(value) : null;
}
