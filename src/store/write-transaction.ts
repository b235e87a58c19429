import { quotedValue } from "../errors/quoted-value.js";
import { InvalidConfigurationError } from "../errors/recollect-error.js";
import type { DatabasePort } from "./database-port.js";

/**
 * How long a connection waits for another connection's write lock before SQLite gives up with
 * `SQLITE_BUSY` (which `toRecollectError()` classifies as `StoreBusyError`, exit 9 / HTTP 503),
 * ms. Every write transaction in Recollect is short (one imported file, one index batch of 200
 * messages, one migration step), so a writer that waits this long is behind something stuck,
 * not something busy.
 */
export const STORE_BUSY_TIMEOUT_MS = 15_000;

/** Longest busy timeout `RECOLLECT_BUSY_TIMEOUT_MS` may set, ms (10 minutes). */
const MAX_BUSY_TIMEOUT_MS = 600_000;

/** The variable that sets the busy timeout, and what it accepts (named in its error). */
const BUSY_TIMEOUT_VARIABLE = "RECOLLECT_BUSY_TIMEOUT_MS";
const BUSY_TIMEOUT_ALLOWED = `an integer number of milliseconds from 0 to ${MAX_BUSY_TIMEOUT_MS}`;

/**
 * The busy timeout a new connection uses, ms: `RECOLLECT_BUSY_TIMEOUT_MS` (an integer from 0 to
 * 600,000, e.g. 0 for a script that would rather fail fast), else {@link STORE_BUSY_TIMEOUT_MS}
 * when it is unset or blank.
 *
 * @throws InvalidConfigurationError (`precondition`, exit 4) naming the variable and the allowed
 *   range when it is set to anything else (`abc`, `-1`, `1.5`, `600001`): a typo must not
 *   silently mean 15 s.
 */
export function storeBusyTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[BUSY_TIMEOUT_VARIABLE]?.trim();
  if (!raw) return STORE_BUSY_TIMEOUT_MS;
  const value = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value <= MAX_BUSY_TIMEOUT_MS)) {
    throw new InvalidConfigurationError(
      BUSY_TIMEOUT_VARIABLE,
      BUSY_TIMEOUT_ALLOWED,
      `got ${quotedValue(raw)}`,
    );
  }
  return value;
}

/**
 * Wraps `fn` as a write transaction that takes the write lock when it begins (`BEGIN
 * IMMEDIATE`), not at its first write. In WAL mode a deferred transaction that read first and
 * then writes fails at once with `SQLITE_BUSY_SNAPSHOT` when another connection committed in
 * between: SQLite cannot wait its way out of that, so the busy timeout never applies. Taking the
 * lock first makes a concurrent writer wait (up to {@link STORE_BUSY_TIMEOUT_MS}) instead.
 * Called inside another transaction it nests as a savepoint, as `db.transaction()` does.
 */
export function writeTransaction<Args extends unknown[], Result>(
  db: DatabasePort,
  fn: (...args: Args) => Result,
): (...args: Args) => Result {
  const transaction = db.transaction(fn);
  return (...args: Args) => transaction.immediate(...args);
}

/**
 * Runs `fn` with the connection's busy timeout set to `timeoutMs`, then restores it. For work
 * that must not block its caller on another process's lock (a search's freshness drain, a
 * background index batch): it gives up quickly and is retried later.
 */
export function withBusyTimeout<Result>(
  db: DatabasePort,
  timeoutMs: number,
  fn: () => Result,
): Result {
  const previous = Number(db.pragma("busy_timeout", { simple: true }));
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(timeoutMs))}`);
  try {
    return fn();
  } finally {
    db.pragma(`busy_timeout = ${previous}`);
  }
}
