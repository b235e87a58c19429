/**
 * A `--db` that is a text file, as real child processes: every way a command reaches the store
 * (reading it, writing it, the settings beside it, the MCP server, the web app) refuses it as not
 * a Recollect store (`precondition`, exit 4, `holds: "not-sqlite"`, naming `--db`), with no
 * stack trace, and the file and its folder stay as they were.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderSnapshot } from "../../test/folder-snapshot.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** One command per way of reaching the store. */
const COMMANDS: readonly (readonly string[])[] = [
  ["apps"],
  ["explore", "--app", "shop", "what did we decide?"],
  ["import", "history.jsonl"],
  ["sync", "--dry-run"],
  ["settings", "set", "entitlement", "pro"],
  ["tools"],
  ["demo"],
  ["mcp"],
  ["serve", "--port", "0"],
];

describe("a --db that is a text file", () => {
  it("every command refuses it as not a Recollect store, naming --db, and changes nothing", async () => {
    const dir = dirname(stores.path());
    const db = join(dir, "notes.txt");
    writeFileSync(db, "meeting notes: we chose Postgres\n");
    const line = { app: "shop", chat: "c1", role: "user", content: "use Stripe", created_at: 1 };
    writeFileSync(join(dir, "history.jsonl"), `${JSON.stringify(line)}\n`);
    const before = folderSnapshot(dir);
    for (const args of COMMANDS) {
      const command = args.map((arg) => (arg === "history.jsonl" ? join(dir, arg) : arg));
      const run = await runRecollectChild(["--json", "--db", db, ...command]);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 4, stdout: "" });
      const { error } = JSON.parse(run.stderr);
      expect({ args, ...error, message: undefined }).toEqual({
        args,
        kind: "precondition",
        exit_code: 4,
        path: db,
        argument: "--db",
        holds: "not-sqlite",
        message: undefined,
      });
      expect(error.message).toContain("--db");
    }
    expect(folderSnapshot(dir)).toEqual(before);
  }, 240_000);
});
