import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoveredFiles, discoverSource } from "../discover.js";
import {
  aiderSession,
  claudeSession,
  codexRollout,
  fixtureMachinesPerTest,
  specStoryChat,
} from "../testing/machine-fixture.js";
import { HISTORY_SOURCE_NAMES, HISTORY_SOURCES } from "./index.js";

const machine = fixtureMachinesPerTest();
const source = (name: string) => HISTORY_SOURCES.find((entry) => entry.name === name)!;
const turns = [
  { role: "user" as const, text: "Which queue?" },
  { role: "assistant" as const, text: "SQS." },
];

describe("history sources", () => {
  it("names are unique and home sources come before project sources", () => {
    expect(new Set(HISTORY_SOURCE_NAMES).size).toBe(HISTORY_SOURCE_NAMES.length);
    const scopes = HISTORY_SOURCES.map((entry) => entry.scope);
    expect(scopes.lastIndexOf("home")).toBeLessThan(scopes.indexOf("project"));
  });

  it("a machine with no agents: every home source searched only missing folders under HOME", () => {
    const m = machine();
    for (const entry of HISTORY_SOURCES.filter((s) => s.scope === "home")) {
      const found = discoverSource(entry, m.environment, []);
      expect(found.locations.length).toBeGreaterThan(0);
      for (const location of found.locations) {
        expect([location.exists, location.files.length]).toEqual([false, 0]);
        expect(location.path.startsWith(m.home)).toBe(true);
      }
    }
  });

  it("Claude Code: sessions per project folder, sub-agents linked to their parent file", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const parent = m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, turns),
    );
    const child = m.write(
      ".claude/projects/-code-shop/s1/subagents/agent-a1.jsonl",
      claudeSession("s1", shop, turns, { isSidechain: true, agentId: "a1" }),
    );
    m.write(".claude/projects/-code-shop/notes.txt", "not a session");
    const files = discoveredFiles(discoverSource(source("claude-code"), m.environment, []));
    expect(files).toEqual([
      { path: parent, projectRoot: null, parentPath: null },
      { path: child, projectRoot: null, parentPath: parent },
    ]);
    // The root is the recorded cwd: the folder name's encoding cannot be reversed.
    expect(files.map((file) => source("claude-code").projectRootOf(file))).toEqual([shop, shop]);
  });

  it("Codex: rollouts under YYYY/MM/DD only; CODEX_HOME moves the folder", () => {
    const m = machine();
    const rollout = m.write(
      "alt-codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-abc.jsonl",
      codexRollout("abc", "/x", turns),
    );
    m.write("alt-codex/sessions/2026/11/04/other.jsonl", "{}\n");
    const environment = { ...m.environment, env: { CODEX_HOME: join(m.home, "alt-codex") } };
    expect(discoveredFiles(discoverSource(source("codex"), environment, []))).toEqual([
      { path: rollout, projectRoot: null, parentPath: null },
    ]);
    expect(
      source("codex").projectRootOf({ path: rollout, projectRoot: null, parentPath: null }),
    ).toBe("/x");
  });

  it("settings folders replace the default location", () => {
    const m = machine();
    const folder = m.project("elsewhere/claude");
    const environment = { ...m.environment, settingsFolders: { "claude-code": [folder] } };
    expect(discoverSource(source("claude-code"), environment, []).locations).toEqual([
      { path: folder, exists: true, files: [], skipped: [] },
    ]);
  });

  it("SpecStory and aider: found inside each project root, which is their project", () => {
    const m = machine();
    const web = m.project("code/web");
    const api = m.project("code/api");
    const chat = m.write(
      "code/web/.specstory/history/2026-11-05_08-00-00Z-x.md",
      specStoryChat("u1", turns),
    );
    m.write("code/web/.specstory/statistics.json", "{}");
    const aider = m.write(
      "code/api/.aider.chat.history.md",
      aiderSession("2026-11-05 08:00:00", turns),
    );
    mkdirSync(join(api, "sub"));
    expect(discoveredFiles(discoverSource(source("specstory"), m.environment, [web, api]))).toEqual(
      [{ path: chat, projectRoot: web, parentPath: null }],
    );
    expect(discoveredFiles(discoverSource(source("aider"), m.environment, [web, api]))).toEqual([
      { path: aider, projectRoot: api, parentPath: null },
    ]);
  });
});
