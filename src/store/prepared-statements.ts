/**
 * Statements prepared once per connection. Preparing compiles the SQL (tens to hundreds of
 * microseconds each); the import write path prepared its ~20 statements for every file it wrote,
 * which in a resync of 150 appended files cost more than the writes themselves. A statement
 * belongs to its connection, so the cache is keyed by the connection object and goes with it;
 * SQLite re-prepares a cached statement itself when a migration changes the schema.
 */
import type Database from "better-sqlite3";

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement for `sql` on `db`, prepared on first use and reused after. Callers that switch a
 * statement's mode (`pluck()`, `raw()`) must set it on every use, since the same statement is
 * shared by every caller of the same SQL text.
 * @throws SqliteError when `sql` does not compile (as `db.prepare` does).
 */
export function preparedOnce<
  BindParameters extends unknown[] | object = unknown[],
  Result = unknown,
>(db: Database.Database, sql: string): Database.Statement<BindParameters, Result> {
  let statements = cache.get(db);
  if (statements === undefined) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement as unknown as Database.Statement<BindParameters, Result>;
}
