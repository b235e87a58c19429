/**
 * Which history a CLI command reads (issue 32): a team's PostgreSQL store when `--store` (or,
 * without `--store`, `RECOLLECT_STORE`) is a `postgres://` URL, else the local SQLite store
 * as before. Settings (Pro, consents) stay beside the local store either way: they are the
 * person's, not the team's.
 */
import { createIndexer, type HistoryPort, sqliteHistoryPort } from "../history/index.js";
import type { Store } from "../store/open-store.js";
import { connectTeamStore } from "../team/connect.js";
import { isPostgresUrl, type StoreUrlOrigin } from "../team/store-url.js";
import { teamHistoryPort } from "../team/team-history-port.js";
import { type GlobalOptions, openExistingCliStore } from "./cli-context.js";

/** A team store URL and where it came from. */
export interface TeamStoreChoice {
  readonly url: string;
  readonly origin: StoreUrlOrigin;
}

/** The team store the options name, or null for the local store. Pure but for `env`. */
export function teamStoreFor(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv = process.env,
): TeamStoreChoice | null {
  if (options.store !== undefined) {
    return isPostgresUrl(options.store) ? { url: options.store, origin: "--store" } : null;
  }
  // `--db` names only the local store (settings); a team URL in the environment still applies.
  const fromEnv = env.RECOLLECT_STORE;
  return fromEnv && isPostgresUrl(fromEnv) ? { url: fromEnv, origin: "RECOLLECT_STORE" } : null;
}

/** Options of {@link withCliHistory}. */
export interface WithCliHistoryOptions {
  /**
   * Run the local store's indexer while `work` runs, so a search waits ≤ 1 s for queued messages
   * (DESIGN.md budgets: index wait). A team store indexes on push and needs none.
   */
  readonly indexer?: boolean;
}

/**
 * Runs `work` on the history port the options choose and closes it afterwards: the team store's
 * (`local` null), or the existing local store's (`local` the store; a path with no store is
 * refused as `openExistingCliStore` refuses it).
 * @throws InvalidInputError for a bad URL (naming `--store`/`RECOLLECT_STORE`, password hidden);
 *   TeamStoreError when the team store cannot be reached or used; StoreNotFoundError.
 */
export async function withCliHistory<T>(
  options: GlobalOptions,
  work: (history: HistoryPort, local: Store | null) => Promise<T>,
  { indexer = false }: WithCliHistoryOptions = {},
): Promise<T> {
  const team = teamStoreFor(options);
  if (team !== null) {
    const history = teamHistoryPort(await connectTeamStore(team.url, team.origin));
    try {
      return await work(history, null);
    } finally {
      await history.close();
    }
  }
  using store = openExistingCliStore(options);
  const running = indexer ? createIndexer({ store, pollIntervalMs: 0 }) : null;
  try {
    running?.start();
    return await work(
      sqliteHistoryPort(store, running === null ? {} : { indexer: running }),
      store,
    );
  } finally {
    await running?.stop();
  }
}
