/**
 * What Recollect keeps when an agent deletes its own history, through the real `recollect`
 * executable over a fixture HOME: a warning before Claude Code's `cleanupPeriodDays` deletes a
 * synced session, the chat of a deleted session file kept (readable, counted per source in the
 * sync summary and in `sources`), the gone file pruned from `sources`, and `sources` giving the
 * last pass's time rather than the last file change.
 */
import { rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claudeSession, fixtureMachinesPerTest } from "../../sync/testing/machine-fixture.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());
const machine = fixtureMachinesPerTest();

const TURNS = [
  { role: "user", text: "Which queue?" },
  { role: "assistant", text: "SQS." },
] as const;

describe("recollect sync when the agent deletes its history", () => {
  it("warns before cleanupPeriodDays deletes a session, keeps its chat after, and sources prunes the file", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const session = m.claudeSessionPath(shop, "s1");
    m.write(session.slice(m.home.length + 1), claudeSession("s1", shop, TURNS));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(session, twoDaysAgo, twoDaysAgo);
    const settings = m.write(".claude/settings.json", JSON.stringify({ cleanupPeriodDays: 3 }));
    const db = stores.path();
    const recollect = (args: readonly string[]) =>
      runRecollectChild(["--db", db, ...args], {
        env: { HOME: m.home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
      });
    const lastSync = async () =>
      JSON.parse((await recollect(["--json", "sources"])).stdout)[0].last_synced_at as string;

    const first = await recollect(["sync", "--source", "claude-code"]);
    const firstPass = await lastSync();
    const again = await recollect(["sync", "--source", "claude-code"]);
    const secondPass = await lastSync();
    rmSync(session);
    const afterDelete = await recollect(["sync", "--source", "claude-code"]);
    const sources = await recollect(["sources"]);
    const chats = await recollect(["--json", "chats", "--app", "shop"]);
    await recollect(["settings", "set", "entitlement", "pro"]);
    const read = await recollect(["read", "--app", "shop", "--chat", "1"]);

    expect(first.code).toBe(0);
    expect(first.stdout.split("\n")).toContain(
      `  warning: Claude Code deletes sessions 3 days after their last change (cleanupPeriodDays in ${settings}); 1 file is within 7 days of it. Recollect keeps what it synced: run \`recollect sync\` again before then, or keep \`recollect sync --watch\` running`,
    );
    // An unchanged file's pass still counts as its last sync.
    expect(again.code).toBe(0);
    expect(secondPass > firstPass).toBe(true);
    expect([afterDelete.code, afterDelete.stdout.split("\n").slice(0, 2)]).toEqual([
      0,
      [
        `claude-code (Claude Code): nothing found in ${join(m.home, ".claude", "projects")}`,
        "  kept 1 chat after the agent deleted its file (only in Recollect now)",
      ],
    ]);
    const claude = sources.stdout
      .split("\n")
      .filter((line) => line.startsWith("  ") || line.startsWith("claude-code"));
    expect(claude.slice(0, 2)).toEqual([
      `claude-code (Claude Code): ${join(m.home, ".claude", "projects")}; no files left`,
      "  kept after the agent deleted it: 1 chat",
    ]);
    expect([read.code, read.stdout.split("\n")[0]]).toEqual([
      0,
      expect.stringMatching(/^#1 {2}Which queue\? {2}.* {2}\(kept: its file is gone\)$/),
    ]);
    expect(chats.code).toBe(0);
    expect(JSON.parse(chats.stdout)).toMatchObject([
      { title: "Which queue?", messages: 2, kept_after_file_deleted: true },
    ]);
  }, 120_000);
});
