import { existsSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  claudeLine,
  claudeSession,
  createFixtureMachine,
  type FixtureMachine,
  specStoryChat,
} from "../../sync/testing/machine-fixture.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
const machines: FixtureMachine[] = [];
afterEach(() => {
  stores.cleanup();
  for (const machine of machines.splice(0)) machine.cleanup();
  vi.unstubAllEnvs();
});
function machine(): FixtureMachine {
  const made = createFixtureMachine();
  machines.push(made);
  vi.stubEnv("HOME", made.home);
  vi.stubEnv("CLAUDE_CONFIG_DIR", "");
  vi.stubEnv("CODEX_HOME", "");
  return made;
}

describe("recollect sync", () => {
  it("on a machine with no agents, --dry-run says per source that nothing was found", async () => {
    const m = machine();
    const db = stores.path();
    const run = await runCaptured(["--db", db, "sync", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(existsSync(db)).toBe(false);
    expect(run.stdout.split("\n").slice(0, 2)).toEqual([
      `claude-code (Claude Code): nothing found in ${m.home}/.claude/projects (no such folder)`,
      `codex (Codex CLI): nothing found in ${m.home}/.codex/sessions (no such folder)`,
    ]);
    expect(run.stdout).toContain("specstory (SpecStory): nothing found");
    expect(run.stdout).toContain("aider (aider): nothing found");
  });

  it("bad --source, --project or --exclude: exit 2 naming the argument and what is allowed; no store is created", async () => {
    const m = machine();
    m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", m.project("code/shop"), [{ role: "user", text: "Queue?" }]),
    );
    const db = stores.path();
    const cases: [string[], string, string][] = [
      [
        ["--source", "nope"],
        "--source",
        "expected one of claude-code, codex, gemini-cli, cursor, opencode, cline, roo-code, specstory, aider",
      ],
      [["--project", "/does/not/exist"], "--project", "expected an existing project folder"],
      [["--exclude", "notes["], "--exclude", "expected globs whose [ ], { } and ( ) balance"],
    ];
    for (const [args, argument, allowed] of cases) {
      const run = await runCaptured(["--db", db, "--json", "sync", ...args]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      const error = JSON.parse(run.stderr) as { error: { kind: string; message: string } };
      expect(error.error.kind).toBe("invalid_input");
      expect(error.error.message.startsWith(`Invalid ${argument}: ${allowed}`)).toBe(true);
      expect(existsSync(db)).toBe(false);
    }
  });

  it("imports into per-project apps, searchable at once; sources and apps show the roots", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const session = m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, [
        { role: "user", text: "Which payment provider?" },
        { role: "assistant", text: "Paddle, because it is the merchant of record for EU VAT." },
      ]),
    );
    m.write(
      "code/shop/.specstory/history/2026-11-05_08-00-00Z-db.md",
      specStoryChat("u1", [
        { role: "user", text: "Which database?" },
        { role: "assistant", text: "Postgres with row level security." },
      ]),
    );
    const db = stores.path();
    const first = await runCaptured(["--db", db, "--json", "sync"]);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout) as {
      sources: { source: string; newChats: number; messages: number }[];
      indexed: number;
    };
    const MINE = ["claude-code", "codex", "specstory", "aider"];
    expect(
      report.sources
        .filter((s) => MINE.includes(s.source))
        .map((s) => [s.source, s.newChats, s.messages]),
    ).toEqual([
      ["claude-code", 1, 2],
      ["codex", 0, 0],
      ["specstory", 1, 2],
      ["aider", 0, 0],
    ]);
    expect(report.indexed).toBe(4);

    m.append(session, claudeLine("s1", shop, { role: "user", text: "And for refunds?" }, 2));
    const second = await runCaptured(["--db", db, "sync"]);
    expect(second.stdout).toContain("  chats: 0 new, 1 updated, 0 unchanged; wrote 1 message");

    const apps = JSON.parse((await runCaptured(["--db", db, "--json", "apps"])).stdout) as {
      name: string;
      roots: string[];
      chats: number;
    }[];
    expect(apps.map((app) => [app.name, app.roots, app.chats])).toEqual([["shop", [shop], 2]]);

    const sources = JSON.parse((await runCaptured(["--db", db, "--json", "sources"])).stdout) as {
      source: string;
      projects: {
        projectRoot: string;
        app: string;
        files: number;
        chats: number;
        messages: number;
      }[];
      last_synced_at: string | null;
    }[];
    expect(
      sources
        .filter((s) => MINE.includes(s.source))
        .map((s) => [
          s.source,
          s.projects.map((p) => [p.projectRoot, p.app, p.files, p.chats, p.messages]),
        ]),
    ).toEqual([
      ["claude-code", [[shop, "shop", 1, 1, 3]]],
      ["codex", []],
      ["specstory", [[shop, "shop", 1, 1, 2]]],
      ["aider", []],
    ]);
    expect(sources[0]!.last_synced_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(sources[1]!.last_synced_at).toBeNull();
  });

  it("a session file rewritten shorter: the summary and --json say how many messages it removed", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const relative = ".claude/projects/-code-shop/s1.jsonl";
    const turns = [
      { role: "user", text: "Which payment provider?" },
      { role: "assistant", text: "Paddle." },
      { role: "user", text: "And for refunds?" },
      { role: "assistant", text: "Paddle too." },
    ] as const;
    m.write(relative, claudeSession("s1", shop, turns));
    const db = stores.path();
    expect((await runCaptured(["--db", db, "sync", "--source", "claude-code"])).code).toBe(0);
    m.write(relative, claudeSession("s1", shop, turns.slice(0, 2)));
    const text = await runCaptured(["--db", db, "sync", "--source", "claude-code"]);
    expect(text.stdout.split("\n").slice(1, 3)).toEqual([
      "  files: 0 new, 0 appended, 1 rewritten, 0 unchanged",
      "  chats: 0 new, 1 updated, 0 unchanged; wrote 0 messages, removed 2 messages",
    ]);
    m.write(relative, claudeSession("s1", shop, [turns[0]]));
    const json = await runCaptured(["--db", db, "--json", "sync", "--source", "claude-code"]);
    const [source] = JSON.parse(json.stdout).sources;
    expect([source.updatedChats, source.messages, source.messagesRemoved]).toEqual([1, 0, 1]);
  });
});
