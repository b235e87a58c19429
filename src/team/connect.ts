/**
 * Opening a team's PostgreSQL store (issue 32): one `pg` pool per process, checked with one round
 * trip before anything else, so a bad URL or an unreachable server fails at once with a classified
 * error (the URL redacted), never later in the middle of a search.
 */
import type pg from "pg";
import { RecollectError } from "../errors/recollect-error.js";
import { parseStoreUrl, type StoreUrlOrigin } from "./store-url.js";
import { TeamStoreError, teamStoreProblemOf } from "./team-store-error.js";

/** Longest wait for a connection, ms: a server that does not answer in 10 s is unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;

/** An open team store: its pool and its URL (for errors; redact before showing). */
export interface TeamConnection {
  readonly pool: pg.Pool;
  readonly url: string;
  /** Ends the pool. Idempotent. */
  close(): Promise<void>;
}

/**
 * Rethrows `error` classified: a connection/login/schema problem as {@link TeamStoreError} for
 * `url`; a RecollectError as it is; anything else as an internal error whose message holds no URL.
 */
export function classifyTeamError(url: string, error: unknown): RecollectError {
  if (RecollectError.isInstance(error)) return error;
  const problem = teamStoreProblemOf(error);
  if (problem !== null) return new TeamStoreError(url, problem, { cause: error });
  const code = (error as { code?: unknown } | null)?.code;
  return new RecollectError(
    "internal",
    `Internal error in the team store${typeof code === "string" ? ` (PostgreSQL ${code})` : ""}.`,
    { cause: error },
  );
}

/**
 * Opens a pool on `url` and checks it with `SELECT 1`.
 * @throws InvalidInputError (naming `origin`) for a URL that does not parse or names no database;
 *   TeamStoreError when the server cannot be reached or refuses the login.
 */
export async function connectTeamStore(
  url: string,
  origin: StoreUrlOrigin,
): Promise<TeamConnection> {
  parseStoreUrl(url, origin);
  // Loaded here, not with the module: `pg` touches the global `Response`, which loads Node's
  // fetch (undici and its llhttp WebAssembly: a 10 GB address reservation and ~10 MB), and a
  // process that never opens a team store (every `recollect mcp` on a local one) should not
  // carry it, nor pay for it again when it exits.
  const { Pool } = (await import("pg")).default;
  const pool = new Pool({
    connectionString: url.trim(),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    max: 4,
    application_name: "recollect",
  });
  // An idle client's error (the server restarting) must not crash the process; the next query fails.
  pool.on("error", () => {});
  let ended = false;
  const close = async () => {
    if (ended) return;
    ended = true;
    await pool.end();
  };
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await close();
    throw classifyTeamError(url, error);
  }
  return { pool, url, close };
}
