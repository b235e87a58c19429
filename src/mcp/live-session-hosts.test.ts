import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { encodeClaudeProjectDir } from "./claude-code-paths.js";
import { findLiveSessionChat, LIVE_TRANSCRIPT_WINDOW_MS } from "./live-session.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 11, 1, 9, 0, 0);
const PROJECT = "/home/me/shop";

/** A store with one app at PROJECT and a home whose agent files the test writes. */
function fixture() {
  const home = mkdtempSync(join(tmpdir(), "recollect-live-hosts-"));
  dirs.push(home);
  const store = openStore({ path: ":memory:" });
  const app = Number(
    store.db.prepare("INSERT INTO apps (name, path, created_at) VALUES ('shop', ?, 0)").run(PROJECT)
      .lastInsertRowid,
  );
  const chat = (source: string, externalId: string) =>
    Number(
      store.db
        .prepare("INSERT INTO chats (app_id, created_at, source, external_id) VALUES (?, 0, ?, ?)")
        .run(app, source, externalId).lastInsertRowid,
    );
  /** Writes `relative` under home with its mtime `ageMs` before NOW. */
  const file = (relative: string, text: string, ageMs: number) => {
    const path = join(home, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    utimesSync(path, (NOW - ageMs) / 1000, (NOW - ageMs) / 1000);
  };
  const rollout = (day: string, id: string, cwd: string, ageMs: number) =>
    file(
      `.codex/sessions/${day}/rollout-${day.replaceAll("/", "-")}T08-00-00-${id}.jsonl`,
      `${JSON.stringify({ type: "session_meta", payload: { id, cwd, instructions: "x".repeat(9000) } })}\n{"type":"event_msg","payload":{}}\n`,
      ageMs,
    );
  const geminiSession = (folder: string, id: string, ageMs: number) =>
    file(
      `.gemini/tmp/${folder}/chats/session-2026-12-01T08-00-${id.slice(0, 8)}.jsonl`,
      `${JSON.stringify({ sessionId: id, projectHash: "h", startTime: "2026-12-01T08:00:00Z" })}\n`,
      ageMs,
    );
  const find = (clientName?: string, env: NodeJS.ProcessEnv = {}) =>
    findLiveSessionChat({
      db: store.db,
      appId: app,
      projectPath: PROJECT,
      env,
      now: () => NOW,
      home,
      ...(clientName ? { clientName } : {}),
    });
  return { home, chat, file, rollout, geminiSession, find };
}

describe("findLiveSessionChat for Codex and Gemini CLI", () => {
  it("Codex: the newest recent rollout whose cwd is the project (or inside it), in the newest day folders", () => {
    const { chat, rollout, find } = fixture();
    const live = chat("codex", "c-live");
    chat("codex", "c-other-project");
    const old = chat("codex", "c-old");
    rollout("2026/12/01", "c-other-project", "/home/me/blog", 1_000);
    rollout("2026/12/01", "c-live", `${PROJECT}/api`, 5_000);
    rollout("2026/11/30", "c-old", PROJECT, 9_000);
    expect(find("codex-mcp-client")).toBe(live);
    // CODEX_THREAD_ID, when a release passes it, names the session outright.
    expect(find("codex-mcp-client", { CODEX_THREAD_ID: "c-old" })).toBe(old);
  });

  it("Codex: nothing past the window, and nothing for a project no recent rollout names", () => {
    const { chat, rollout, find } = fixture();
    chat("codex", "c-stale");
    rollout("2026/12/01", "c-stale", PROJECT, LIVE_TRANSCRIPT_WINDOW_MS + 1);
    expect(find("codex-mcp-client")).toBeNull();
  });

  it("Gemini CLI: the newest recent session of the project's folder, by .project_root or by path hash", () => {
    const { chat, file, geminiSession, find } = fixture();
    const named = chat("gemini-cli", "g-named-0000-4000-8000-000000000000");
    const hashed = chat("gemini-cli", "g-hashed-000-4000-8000-000000000000");
    chat("gemini-cli", "g-other-000-4000-8000-000000000000");
    file(".gemini/tmp/shop/.project_root", `${PROJECT}\n`, 0);
    file(".gemini/tmp/blog/.project_root", "/home/me/blog\n", 0);
    geminiSession("blog", "g-other-000-4000-8000-000000000000", 500);
    geminiSession("shop", "g-named-0000-4000-8000-000000000000", 1_000);
    expect(find("gemini-cli-mcp-client")).toBe(named);
    const hash = createHash("sha256").update(PROJECT).digest("hex");
    geminiSession(hash, "g-hashed-000-4000-8000-000000000000", 200);
    expect(find("gemini-cli-mcp-client")).toBe(hashed);
  });

  it("looks only at the agent the client names: a live Codex rollout is not excluded from a Claude Code call", () => {
    const { chat, file, rollout, find } = fixture();
    const codex = chat("codex", "c-live");
    const claude = chat("claude-code", "s-claude");
    rollout("2026/12/01", "c-live", PROJECT, 1_000);
    expect(find("claude-code")).toBeNull();
    file(`.claude/projects/${encodeClaudeProjectDir(PROJECT)}/s-claude.jsonl`, "{}\n", 2_000);
    expect(find("claude-code")).toBe(claude);
    expect(find("codex-mcp-client")).toBe(codex);
    // An unknown client: each agent in turn, Claude Code first.
    expect(find()).toBe(claude);
    expect(find("some-editor")).toBe(claude);
  });
});
