/**
 * The web app on a team store (`recollect serve --store postgres://…`, issue 32): the person's
 * chats stay in the local store, each in a local app, and that app's history is the team store's
 * app of the same name — found as `recollect mcp --store` finds the session's app, so the web app
 * and the agents recall the same history.
 */
import { RecollectError } from "../errors/recollect-error.js";
import type { HistoryApp, HistoryPort } from "../history/index.js";
import { findApp } from "../store/catalog/apps.js";
import type { Store } from "../store/open-store.js";

/**
 * The app of `history` that local app `localAppId` recalls: the one its name selects (exactly, or
 * differing only in case, accents or spacing).
 * @throws RecollectError `not_found` for a local app that does not exist; what
 *   `HistoryPort.resolveApp` throws (AppNotFoundError naming `app`, with the team store's own
 *   `apps --store` remedy; TeamStoreError when the server cannot be used).
 */
export async function teamAppOf(
  store: Store,
  history: HistoryPort,
  localAppId: number,
): Promise<HistoryApp> {
  const local = findApp(store.db, localAppId);
  if (local === null) throw new RecollectError("not_found", `App ${localAppId} was not found.`);
  return history.resolveApp(local.name, "app");
}
