/**
 * A store file this user may not read, as real child processes (as root the child runs as
 * `nobody`, whom permission bits stop): every command that reaches the store refuses it as not
 * openable (`precondition`, exit 4, naming `--db` and the path), in words instead of the file
 * system's raw `EACCES`, and leaves the file as it was. A folder on the path this user may not
 * enter is refused as such (`folder_not_enterable`), never as "there is no store"; a settings file
 * it may not read is refused naming that file.
 */
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect } from "vitest";
import { writeSyntheticCorpus } from "../../importers/testing/synthetic-histories.js";
import { settingsPathForStore } from "../../settings/settings-path.js";
import { AS_UNPRIVILEGED, unprivilegedIt } from "./testing/as-unprivileged.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const it = unprivilegedIt("unreadable store");
const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

describe("a store file this user may not read", () => {
  it("every command refuses it as not openable, saying why in words, and it stays unchanged", async () => {
    const db = stores.path();
    const corpus = writeSyntheticCorpus(join(dirname(db), "corpus"));
    expect((await runCaptured(["--db", db, "import", corpus.aider])).code).toBe(0);
    // The folder may be entered by anyone; the file is its owner's alone (none, as nobody), and
    // so is the settings file beside it: the store is what every command names, import and sync
    // (which read the settings file's `exclude` before they open the store) included.
    const settings = settingsPathForStore(db) as string;
    writeFileSync(settings, "{}\n");
    chmodSync(dirname(db), 0o777);
    chmodSync(db, 0o000);
    chmodSync(settings, 0o000);
    const before = sha256(db);
    const commands = [
      ["apps"],
      ["explore", "--app", "Lanternfish", "why the flicker?"],
      ["import", corpus.aider],
      ["sync", "--dry-run"],
    ];
    for (const args of commands) {
      const run = await runRecollectChild(["--json", "--db", db, ...args], {
        ...AS_UNPRIVILEGED,
        timeoutMs: 30_000,
      });
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 4, stdout: "" });
      const { error } = JSON.parse(run.stderr);
      expect({ kind: error.kind, path: error.path, argument: error.argument }).toEqual({
        kind: "precondition",
        path: db,
        argument: "--db",
      });
      expect(error.message).toContain("permission denied");
      expect(error.message).not.toContain("EACCES");
    }
    expect(sha256(db)).toBe(before);
  });

  it(
    "a folder this user may not enter hides the store: refused as unreachable, not as absent",
    async () => {
      const db = stores.path();
      const closed = join(dirname(db), "closed");
      mkdirSync(join(closed, "inner"), { recursive: true });
      chmodSync(dirname(db), 0o777);
      chmodSync(closed, 0o700); // its owner's alone: nobody may not enter it
      const corpus = writeSyntheticCorpus(join(dirname(db), "corpus"));
      chmodSync(join(dirname(db), "corpus"), 0o755);
      const paths = [join(closed, "store.db"), join(closed, "inner", "store.db")];
      // import and settings touch the settings file beside the store first: the folder is still what they name.
      const commands = [["apps"], ["import", corpus.aider], ["settings", "list"]];
      for (const [path, args] of paths.flatMap((p) => commands.map((c) => [p, c] as const))) {
        const run = await runRecollectChild(["--json", "--db", path, ...args], {
          ...AS_UNPRIVILEGED,
          timeoutMs: 30_000,
        });
        expect({ path, args, code: run.code, stdout: run.stdout }).toEqual({
          path,
          args,
          code: 4,
          stdout: "",
        });
        const { error } = JSON.parse(run.stderr);
        expect(error).toMatchObject({
          kind: "precondition",
          path,
          argument: "--db",
          folder: closed,
          reason: "folder_not_enterable",
        });
      }
      // Nothing was made inside it.
      expect(readdirSync(closed)).toEqual(["inner"]);
      expect(readdirSync(join(closed, "inner"))).toEqual([]);
      // Six children in turn, each bounded at 30 s: 13 s on a quiet machine, past 30 s under load.
    },
    6 * 30_000,
  );

  it("a settings file this user may not read is refused naming it, and import writes nothing", async () => {
    const db = stores.path();
    const corpus = writeSyntheticCorpus(join(dirname(db), "corpus"));
    expect((await runCaptured(["--db", db, "import", corpus.aider])).code).toBe(0);
    const settings = settingsPathForStore(db) as string;
    writeFileSync(settings, "{}\n");
    chmodSync(dirname(db), 0o777);
    chmodSync(db, 0o666);
    chmodSync(settings, 0o000);
    const before = sha256(db);
    const run = await runRecollectChild(["--json", "--db", db, "import", corpus.aider], {
      ...AS_UNPRIVILEGED,
      timeoutMs: 30_000,
    });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 4, stdout: "" });
    const { error } = JSON.parse(run.stderr);
    expect(error).toMatchObject({ kind: "precondition", path: settings });
    expect(error.message).toContain("permission denied");
    expect(sha256(db)).toBe(before);
  });
});
