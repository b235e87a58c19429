/**
 * A pass settles the files it remembers with one `stat` each, outside any write transaction, and
 * reuses what that `stat` saw (the sync bench's resync of 150 changed files among 10,000).
 */
import { describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { retentionWarning } from "./retention-warning.js";
import { HISTORY_SOURCES } from "./sources/index.js";
import { checkRemembered } from "./sync-file.js";
import { syncHistory } from "./sync-history.js";
import { claudeSession, fixtureMachinesPerTest } from "./testing/machine-fixture.js";

const machine = fixtureMachinesPerTest();
const claude = HISTORY_SOURCES.find((source) => source.name === "claude-code")!;
const DAY_MS = 86_400_000;

describe("remembered files in a sync pass", () => {
  it("checkRemembered settles a file as remembered and leaves a changed or new one to be read", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const path = m.claudeSessionPath(shop, "s1");
    m.write(
      path.slice(m.home.length + 1),
      claudeSession("s1", shop, [{ role: "user", text: "Which queue?" }]),
    );
    using store = openStore({ path: ":memory:" });
    syncHistory({ store, environment: m.environment, sources: ["claude-code"] });
    const previous = store.db
      .prepare("SELECT path FROM source_files WHERE source = 'claude-code'")
      .pluck()
      .all();
    expect(previous).toEqual([path]);
    const states = new Map(
      (
        store.db.prepare("SELECT * FROM source_files").all() as {
          path: string;
          size: number;
          mtime_ms: number;
          chats: number;
          project_root: string | null;
          parser_version: number;
        }[]
      ).map((row) => [row.path, row]),
    );
    const row = states.get(path)!;
    const file = { path, projectRoot: shop, parentPath: null };
    const remembered = {
      source: "claude-code",
      path,
      format: "claude-code",
      projectRoot: row.project_root,
      size: row.size,
      mtimeMs: row.mtime_ms,
      importedBytes: row.size,
      prefixHash: "",
      resumeBytes: 0,
      chats: row.chats,
      skipReason: null,
      syncedAtMs: 0,
      parserVersion: row.parser_version,
    };
    const check = checkRemembered({ source: claude, file, previous: remembered });
    expect(check.outcome).toEqual({ kind: "unchanged", chats: 1, projectRoot: shop });
    expect(Math.round(check.fileMtimeMs ?? 0)).toBe(row.mtime_ms);
    expect(checkRemembered({ source: claude, file, previous: undefined }).outcome).toBeNull();
    m.append(path, claudeSession("s1", shop, [{ role: "assistant", text: "SQS." }]));
    expect(checkRemembered({ source: claude, file, previous: remembered }).outcome).toBeNull();
  });

  it("the retention warning counts a file by the mtime the pass saw, with no stat of its own", () => {
    const m = machine();
    m.write(".claude/settings.json", JSON.stringify({ cleanupPeriodDays: 3 }));
    const now = Date.UTC(2026, 11, 5);
    // Paths that no longer exist: only the pass's mtimes can count them.
    const files = ["/gone/a.jsonl", "/gone/b.jsonl"].map((path) => ({
      path,
      projectRoot: null,
      parentPath: null,
    }));
    const mtimes = new Map([
      ["/gone/a.jsonl", now - 2 * DAY_MS],
      ["/gone/b.jsonl", now - 10 * 60_000],
    ]);
    expect(retentionWarning(claude, m.environment, files, now, mtimes)).toMatchObject({
      days: 3,
      files: 2,
    });
    expect(retentionWarning(claude, m.environment, files, now)).toBeNull();
  });
});
