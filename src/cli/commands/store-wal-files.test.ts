/**
 * Every command, as a real child process, leaves nothing beside the store but what it means to:
 * no `-wal` / `-shm` files from a look at the store (the Pro check of `explore`, `tools`,
 * `settings`), whether the command succeeds or is refused.
 */
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** Commands run on a store without Pro, each with the exit code it ends with there. */
const COMMANDS: ReadonlyArray<readonly [readonly string[], number]> = [
  [["explore", "--app", "shop", "what did we decide?"], 4],
  [["search", "--app", "shop", "checkout"], 4],
  [["read", "--app", "shop", "--chat", "1"], 4],
  [["tools", "--mode", "agent"], 0],
  [["tools", "--mode", "ask", "--entitlement", "pro"], 0],
  [["settings", "get", "entitlement"], 0],
  [["settings", "list"], 0],
  [["settings", "get", "nope"], 2],
  [["apps"], 0],
  [["chats", "--app", "shop"], 0],
  [["sources"], 0],
  [["index", "status"], 0],
];

describe("the files beside a store after a command", () => {
  it("are none of SQLite's -wal / -shm, on success and on refusal", async () => {
    const db = stores.path();
    {
      using store = openStore({ path: db });
      store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('shop', 1)").run();
    }
    expect(readdirSync(dirname(db))).toEqual(["store.db"]);
    for (const [args, code] of COMMANDS) {
      const run = await runRecollectChild(["--db", db, ...args]);
      expect({ args, code: run.code }).toEqual({ args, code });
      expect({ args, files: readdirSync(dirname(db)) }).toEqual({ args, files: ["store.db"] });
    }
  }, 180_000);
});
