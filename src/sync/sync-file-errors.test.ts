/**
 * `syncFile` on a file that a file-system error keeps from being read — removed between the
 * listing and the read (ENOENT), a folder where the listing saw a file (EISDIR), a symlink loop
 * (ELOOP): a `skipped` outcome naming the code, nothing of the file written, never a throw.
 */
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSourceFileStates } from "../store/catalog/source-files.js";
import { openStore } from "../store/open-store.js";
import { claudeCodeSource } from "./sources/claude-code.js";
import { syncFile } from "./sync-file.js";
import { fixtureMachinesPerTest } from "./testing/machine-fixture.js";

const machine = fixtureMachinesPerTest();

/** Syncs `path` as a Claude Code session into `store` (not a dry run). */
function syncPath(store: ReturnType<typeof openStore>, path: string) {
  return syncFile({
    db: store.db,
    source: claudeCodeSource,
    file: { path, projectRoot: null, parentPath: null },
    previous: loadSourceFileStates(store.db, "claude-code").get(path),
    dryRun: false,
    nowMs: 1_000,
  });
}

describe("syncFile on a file it cannot read", () => {
  it("skips a removed file, a folder and a symlink loop with their codes; only the gone file is not remembered", () => {
    const m = machine();
    const folder = join(m.home, ".claude", "projects", "-code-shop");
    mkdirSync(join(folder, "dir.jsonl"), { recursive: true });
    symlinkSync(join(folder, "loop.jsonl"), join(folder, "loop.jsonl"));
    using store = openStore({ path: ":memory:" });

    const outcomes = ["gone.jsonl", "dir.jsonl", "loop.jsonl"].map((name) => {
      const outcome = syncPath(store, join(folder, name));
      return [name, outcome.kind, outcome.kind === "skipped" ? outcome.reason : null];
    });

    expect(outcomes).toEqual([
      ["gone.jsonl", "skipped", "cannot read the file (ENOENT)"],
      ["dir.jsonl", "skipped", "cannot read the file (EISDIR)"],
      ["loop.jsonl", "skipped", "cannot read the file (ELOOP)"],
    ]);
    const remembered = [...loadSourceFileStates(store.db, "claude-code").values()].map((state) => [
      state.path.slice(folder.length + 1),
      state.size,
      state.skipReason,
    ]);
    expect(remembered.sort()).toEqual([
      ["dir.jsonl", -1, "cannot read the file (EISDIR)"],
      ["loop.jsonl", -1, "cannot read the file (ELOOP)"],
    ]);
    expect(store.db.prepare("SELECT count(*) FROM chats").pluck().get()).toBe(0);
  });
});
