/**
 * `--app` given twice (child processes): commander would keep the last, so a run could read
 * another app's history than the one named first. Every command that takes `--app` refuses the
 * second before anything is opened or created.
 */
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderSnapshot } from "../../test/folder-snapshot.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 120_000;
const stores = createTempStores();
afterEach(() => stores.cleanup());

describe("--app given twice", () => {
  it(
    "is refused naming --app (exit 2) by every command that takes it, and nothing is created",
    async () => {
      const db = stores.path();
      const dir = dirname(db);
      const before = folderSnapshot(dir);
      const twice = ["--app", "Shop", "--app=Other"];
      const commands = [
        ["explore", "what did we decide?", ...twice],
        ["search", "auth", ...twice],
        ["read", "--chat", "1", ...twice],
        ["chats", ...twice],
        ["import", dir, ...twice],
        ["mcp", ...twice],
      ];
      for (const command of commands) {
        const run = await runRecollectChild(["--json", "--db", db, ...command]);
        const error = JSON.parse(run.stderr).error;
        expect({ command, code: run.code, stdout: run.stdout, error }).toEqual({
          command,
          code: 2,
          stdout: "",
          error: expect.objectContaining({ kind: "invalid_input", argument: "--app" }),
        });
      }
      expect(folderSnapshot(dir)).toEqual(before);
    },
    PROCESS_TEST_MS,
  );
});
