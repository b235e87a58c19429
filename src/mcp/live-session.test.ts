import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { encodeClaudeProjectDir } from "./claude-code-paths.js";
import { findLiveSessionChat, LIVE_TRANSCRIPT_WINDOW_MS } from "./live-session.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 11, 1, 9, 0, 0);
const PROJECT = "/home/me/my_app.v2";

function fixture() {
  const home = mkdtempSync(join(tmpdir(), "recollect-live-"));
  dirs.push(home);
  const transcripts = join(home, ".claude", "projects", encodeClaudeProjectDir(PROJECT));
  mkdirSync(transcripts, { recursive: true });
  const store = openStore({ path: ":memory:" });
  const app = Number(
    store.db.prepare("INSERT INTO apps (name, path, created_at) VALUES ('a', ?, 0)").run(PROJECT)
      .lastInsertRowid,
  );
  const other = Number(
    store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('b', 0)").run().lastInsertRowid,
  );
  const chat = (appId: number, source: string, externalId: string) =>
    Number(
      store.db
        .prepare("INSERT INTO chats (app_id, created_at, source, external_id) VALUES (?, 0, ?, ?)")
        .run(appId, source, externalId).lastInsertRowid,
    );
  const transcript = (sessionId: string, ageMs: number) => {
    const file = join(transcripts, `${sessionId}.jsonl`);
    writeFileSync(file, "{}\n");
    const at = (NOW - ageMs) / 1000;
    utimesSync(file, at, at);
  };
  const find = (env: NodeJS.ProcessEnv = {}) =>
    findLiveSessionChat({
      db: store.db,
      appId: app,
      projectPath: PROJECT,
      env,
      now: () => NOW,
      home,
    });
  return { app, other, chat, transcript, find };
}

describe("findLiveSessionChat", () => {
  it("encodes the project folder the way Claude Code names it", () => {
    expect(encodeClaudeProjectDir("/home/me/my_app.v2")).toBe("-home-me-my-app-v2");
  });

  it("uses CLAUDE_CODE_SESSION_ID when it names a Claude Code chat of this app", () => {
    const { app, other, chat, find } = fixture();
    const live = chat(app, "claude-code", "s-live");
    chat(other, "claude-code", "s-other");
    chat(app, "codex", "s-codex");
    expect(find({ CLAUDE_CODE_SESSION_ID: "s-live" })).toBe(live);
    expect(find({ CLAUDE_CODE_SESSION_ID: "s-other" })).toBeNull();
    expect(find({ CLAUDE_CODE_SESSION_ID: "s-codex" })).toBeNull();
  });

  it("falls back to the newest transcript written within the window, and to nothing past it", () => {
    const { app, chat, transcript, find } = fixture();
    const recent = chat(app, "claude-code", "s-recent");
    chat(app, "claude-code", "s-older");
    transcript("s-older", 5_000);
    transcript("s-recent", 1_000);
    expect(find()).toBe(recent);
    expect(find({ CLAUDE_CODE_SESSION_ID: "never-imported" })).toBe(recent);
    transcript("s-recent", LIVE_TRANSCRIPT_WINDOW_MS + 1);
    transcript("s-older", LIVE_TRANSCRIPT_WINDOW_MS + 2);
    expect(find()).toBeNull();
  });

  it("respects CLAUDE_CONFIG_DIR and finds nothing without a transcripts folder", () => {
    const { app, chat, transcript, find } = fixture();
    chat(app, "claude-code", "s-recent");
    transcript("s-recent", 1_000);
    expect(find({ CLAUDE_CONFIG_DIR: "/nonexistent-claude-config" })).toBeNull();
  });
});
