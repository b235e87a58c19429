/**
 * `recollect index status` as a real child process shows the projection version the store's
 * index was built with beside this build's, and says when a re-index is pending; `index rebuild`
 * brings the store to this build's version.
 */
import { afterEach, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../../demo/index.js";
import { PROJECTION_VERSION } from "../../history/index.js";
import { openStore } from "../../store/open-store.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { drainIndex } from "./index-command.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const RUN = recollectInvocation(process.env).join(" ");

describe("recollect index status", () => {
  it("shows the store's projection version beside this build's and a pending re-index", async () => {
    const db = stores.path();
    {
      using store = openStore({ path: db });
      seedDemoHistory(store);
      await drainIndex(store, { requeueAll: false });
      // As if the rows were built by the build before this one.
      store.db
        .prepare("UPDATE history_meta SET value = ? WHERE key = 'projection_version'")
        .run(String(PROJECTION_VERSION - 1));
    }
    const json = await runRecollectChild(["--db", db, "--json", "index", "status"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      projection_version: PROJECTION_VERSION,
      store_projection_version: PROJECTION_VERSION - 1,
      reindex_pending: true,
      pending: 0,
    });
    const human = await runRecollectChild(["--db", db, "index", "status"]);
    expect(human.stdout.split("\n")[0]).toBe(
      `index indexing (projection: store v${PROJECTION_VERSION - 1}, this build v${PROJECTION_VERSION}), 0 messages queued; re-index pending: the next import, sync, search, explore or serve re-queues every message, \`${RUN} --db ${db} index rebuild\` does it now`,
    );

    const rebuilt = await runRecollectChild(["--db", db, "--json", "index", "rebuild"]);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({
      rebuilt: 32,
      projection_version: PROJECTION_VERSION,
      store_projection_version: PROJECTION_VERSION,
      reindex_pending: false,
    });
    const after = await runRecollectChild(["--db", db, "index", "status"]);
    expect(after.stdout.split("\n")[0]).toBe(
      `index ready (projection: store v${PROJECTION_VERSION}, this build v${PROJECTION_VERSION}), 0 messages queued`,
    );
  }, 60_000);
});
