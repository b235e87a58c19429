/**
 * The narrow database port that `history/` and the write helpers take instead of the whole
 * better-sqlite3 connection (as a query builder's dialect takes only the driver calls it needs): the
 * four members they call. A `Store` satisfies {@link StorePort} as it is.
 */
import type Database from "better-sqlite3";

/**
 * What history code may call on a connection: prepared statements (values always as parameters),
 * transactions, pragmas (synchronous / busy_timeout / journal_mode) and whether one is open.
 */
export type DatabasePort = Pick<
  Database.Database,
  "prepare" | "transaction" | "pragma" | "inTransaction"
>;

/** What history code needs of an open store: its connection port and whether it may write. */
export interface StorePort {
  readonly db: DatabasePort;
  /** False for a read-only store: nothing is written, the indexer drains nothing. */
  readonly writable: boolean;
}
