import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createPathExclusion } from "../importers/index.js";
import { openStore, type Store } from "../store/open-store.js";
import { type SyncHistoryOptions, syncHistory } from "./sync-history.js";
import {
  aiderSession,
  claudeLine,
  claudeSession,
  codexLine,
  codexRollout,
  type FixtureMachine,
  type FixtureTurn,
  fixtureMachinesPerTest,
  specStoryChat,
} from "./testing/machine-fixture.js";

const machine = fixtureMachinesPerTest();
const turns = (...texts: string[]): FixtureTurn[] =>
  texts.map((text, index) => ({ role: index % 2 === 0 ? "user" : "assistant", text }));
const sync = (store: Store, m: FixtureMachine, extra: Partial<SyncHistoryOptions> = {}) =>
  syncHistory({ store, environment: m.environment, nowMs: 1_000, ...extra });
const MINE = ["claude-code", "codex", "specstory", "aider"];
const mine = <T extends { source: string }>(summaries: readonly T[]) =>
  summaries.filter((summary) => MINE.includes(summary.source));
const bySource = (report: ReturnType<typeof syncHistory>, name: string) =>
  report.sources.find((summary) => summary.source === name)!;
/** Chats as [app, title, message count], in id order. */
const chats = (store: Store) =>
  store.db
    .prepare<[], { app: string; title: string | null; messages: number }>(
      `SELECT a.name AS app, c.title, (SELECT count(*) FROM messages m WHERE m.chat_id = c.id) AS messages
         FROM chats c JOIN apps a ON a.id = c.app_id ORDER BY c.id`,
    )
    .all()
    .map((row) => [row.app, row.title, row.messages]);
const contents = (store: Store) =>
  store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all();

describe("syncHistory", () => {
  it("no agents installed: every source says nothing was found, and nothing is written", () => {
    const m = machine();
    using store = openStore({ path: ":memory:" });
    const report = sync(store, m, { dryRun: true });
    expect(mine(report.sources).map((s) => [s.source, s.files, s.locations.length])).toEqual([
      ["claude-code", 0, 1],
      ["codex", 0, 1],
      ["specstory", 0, 0],
      ["aider", 0, 0],
    ]);
    expect(report.sources[0]!.locations[0]).toEqual({
      path: join(m.home, ".claude", "projects"),
      exists: false,
      files: 0,
    });
    expect(store.db.prepare("SELECT count(*) FROM source_files").pluck().get()).toBe(0);
  });

  it("imports every source into the app of its project root; project sources are found there", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const blog = m.project("code/blog");
    const extra = m.project("elsewhere/tool");
    m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, turns("Queue?", "SQS.")),
    );
    m.write(
      ".codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-c1.jsonl",
      codexRollout("c1", blog, turns("Cache?", "Redis.", "TTL?")),
    );
    m.write(
      "code/shop/.specstory/history/2026-11-05_08-00-00Z-db.md",
      specStoryChat("u1", turns("DB?", "Postgres.")),
    );
    m.write(
      "elsewhere/tool/.aider.chat.history.md",
      aiderSession("2026-11-05 08:00:00", turns("Lint?", "Biome.")),
    );

    using store = openStore({ path: ":memory:" });
    const dry = sync(store, m, { dryRun: true, projects: [extra] });
    expect(mine(dry.sources).map((s) => [s.source, s.files, s.changes.new, s.messages])).toEqual([
      ["claude-code", 1, 1, 2],
      ["codex", 1, 1, 3],
      ["specstory", 1, 1, 2],
      ["aider", 1, 1, 2],
    ]);
    expect(chats(store)).toEqual([]);

    const report = sync(store, m, { projects: [extra] });
    expect(
      mine(report.sources).map((s) => [s.source, s.newChats, s.messages, s.skipped.length]),
    ).toEqual([
      ["claude-code", 1, 2, 0],
      ["codex", 1, 3, 0],
      ["specstory", 1, 2, 0],
      ["aider", 1, 2, 0],
    ]);
    expect(chats(store).map(([app]) => app)).toEqual(["shop", "blog", "shop", "tool"]);
    expect(report.projectRoots).toEqual([blog, shop, extra].sort());
    expect(
      store.db
        .prepare(
          "SELECT a.name, r.path FROM app_roots r JOIN apps a ON a.id = r.app_id ORDER BY a.name",
        )
        .all(),
    ).toEqual([
      { name: "blog", path: blog },
      { name: "shop", path: shop },
      { name: "tool", path: extra },
    ]);

    // Nothing changed: nothing is read or written again.
    const again = sync(store, m);
    expect(
      mine(again.sources).map((s) => [s.changes.unchanged, s.unchangedChats, s.messages]),
    ).toEqual([
      [1, 1, 0],
      [1, 1, 0],
      [1, 1, 0],
      [1, 1, 0],
    ]);
  });

  it("an appended turn imports exactly one message, read from the offset alone", () => {
    const m = machine();
    const shop = m.project("code/shop");
    // Long enough that the middle of the file is outside both fingerprint windows.
    const filler = turns(...Array.from({ length: 400 }, (_, i) => `turn ${i} ${"x".repeat(400)}`));
    const path = m.write(".claude/projects/-code-shop/s1.jsonl", claudeSession("s1", shop, filler));
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    expect(chats(store).map((row) => row[2])).toEqual([400]);

    // Break a line in the middle, same length: a full re-read would now fail on it.
    const text = readFileSync(path, "utf8");
    const middle = text.indexOf("turn 200 ");
    writeFileSync(path, `${text.slice(0, middle - 20)}${" ".repeat(20)}${text.slice(middle)}`);
    m.append(path, claudeLine("s1", shop, { role: "user", text: "Which region?" }, 400));
    const report = sync(store, m);
    expect(bySource(report, "claude-code")).toMatchObject({
      changes: { new: 0, appended: 1, rewritten: 0, unchanged: 0 },
      updatedChats: 1,
      messages: 1,
      skipped: [],
    });
    expect(contents(store).at(-1)).toBe("Which region?");
    expect(chats(store)[0]![2]).toBe(401);
  });

  it("Codex: an appended turn goes to the session's chat though the tail lacks session_meta", () => {
    const m = machine();
    const blog = m.project("code/blog");
    const path = m.write(
      ".codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-c1.jsonl",
      codexRollout("c1", blog, turns("Cache?", "Redis.")),
    );
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    m.append(path, codexLine({ role: "user", text: "TTL?" }, 2));
    expect(bySource(sync(store, m), "codex")).toMatchObject({
      newChats: 0,
      updatedChats: 1,
      messages: 1,
    });
    expect(chats(store)).toEqual([["blog", "Cache?", 3]]);
  });

  it("a truncated file, and one rewound and regrown past its old length, re-import the chat", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const path = m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, turns("A?", "a.", "B?", "b.")),
    );
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    const firstTwo = claudeSession("s1", shop, turns("A?", "a."));
    truncateSync(path, Buffer.byteLength(firstTwo));
    const truncated = bySource(sync(store, m), "claude-code");
    expect([truncated.changes.rewritten, truncated.messages, truncated.messagesRemoved]).toEqual([
      1, 0, 2,
    ]);
    expect(contents(store)).toEqual(["A?", "a."]);

    // Rewound to after "A?", then regrown longer than it ever was.
    writeFileSync(
      path,
      claudeSession("s1", shop, turns("A?", "other answer", "C?", "c.", "D?", "d.")),
    );
    const report = sync(store, m);
    expect(bySource(report, "claude-code")).toMatchObject({
      changes: { rewritten: 1, appended: 0 },
      messages: 5,
      // "a." is gone; "A?" stays.
      messagesRemoved: 1,
    });
    expect(contents(store)).toEqual(["A?", "other answer", "C?", "c.", "D?", "d."]);
    // A dry run compares nothing with the store: it removes and reports no message.
    writeFileSync(path, firstTwo);
    const dry = bySource(sync(store, m, { dryRun: true }), "claude-code");
    expect([dry.changes.rewritten, dry.messagesRemoved]).toEqual([1, 0]);
  });

  it("a torn last line waits without an error and is picked up by the next sync", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const path = m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, turns("A?", "a.")),
    );
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    const next = claudeLine("s1", shop, { role: "user", text: "B?" }, 2);
    m.append(path, next.slice(0, 40));
    const torn = bySource(sync(store, m), "claude-code");
    expect(torn).toMatchObject({ messages: 0, skipped: [], waiting: [path] });
    m.append(path, next.slice(40));
    const whole = bySource(sync(store, m), "claude-code");
    expect(whole).toMatchObject({ messages: 1, skipped: [], waiting: [] });
    expect(contents(store)).toEqual(["A?", "a.", "B?"]);
  });

  it("a sub-agent transcript is its own chat, linked to its parent session", () => {
    const m = machine();
    const shop = m.project("code/shop");
    m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, turns("Audit deps", "Spawning an agent.")),
    );
    m.write(
      ".claude/projects/-code-shop/s1/subagents/agent-a7.jsonl",
      claudeSession("s1", shop, turns("List outdated packages", "left-pad is outdated."), {
        isSidechain: true,
        agentId: "a7",
      }),
    );
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    expect(
      store.db
        .prepare("SELECT id, external_id, parent_chat_id, title FROM chats ORDER BY id")
        .all(),
    ).toEqual([
      { id: 1, external_id: "s1", parent_chat_id: null, title: "Audit deps" },
      { id: 2, external_id: "s1/a7", parent_chat_id: 1, title: "List outdated packages" },
    ]);
  });

  it("a sub-agent transcript of the layout before subagents/ folders is linked too, its lines never the parent's", () => {
    const m = machine();
    const shop = m.project("code/shop");
    // The parent session holds the sub-agent's lines inline as sidechains, as those versions did.
    m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, turns("Audit deps", "Spawning an agent.")) +
        claudeSession("s1", shop, turns("List outdated packages"), { isSidechain: true }),
    );
    m.write(
      ".claude/projects/-code-shop/agent-a7.jsonl",
      claudeSession("s1", shop, turns("List outdated packages", "left-pad is outdated."), {
        isSidechain: true,
        agentId: "a7",
      }),
    );
    using store = openStore({ path: ":memory:" });
    const report = bySource(sync(store, m), "claude-code");
    expect([report.newChats, report.messages, report.skipped]).toEqual([2, 4, []]);
    expect(
      store.db
        .prepare("SELECT id, external_id, parent_chat_id, title FROM chats ORDER BY id")
        .all(),
    ).toEqual([
      { id: 1, external_id: "s1/a7", parent_chat_id: 2, title: "List outdated packages" },
      { id: 2, external_id: "s1", parent_chat_id: null, title: "Audit deps" },
    ]);
  });

  it("the same session id in two projects gives two chats in two apps", () => {
    const m = machine();
    const work = m.project("work/api");
    const personal = m.project("personal/api");
    m.write(
      ".claude/projects/-work-api/same.jsonl",
      claudeSession("same", work, turns("Work?", "w.")),
    );
    m.write(
      ".claude/projects/-personal-api/same.jsonl",
      claudeSession("same", personal, turns("Home?", "h.")),
    );
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    expect(chats(store).sort()).toEqual([
      ["api", "Home?", 2],
      ["api-2", "Work?", 2],
    ]);
  });

  it("a source whose files hold no parsable chat is reported, every file with its reason", () => {
    const m = machine();
    const bad = m.write(
      ".codex/sessions/2026/11/04/rollout-a.jsonl",
      '{"timestamp": 1, "type"\n{}\n',
    );
    const empty = m.write(
      ".codex/sessions/2026/11/04/rollout-b.jsonl",
      codexRollout("b", "/nowhere", []),
    );
    using store = openStore({ path: ":memory:" });
    const codex = bySource(sync(store, m), "codex");
    expect(codex).toMatchObject({ files: 2, newChats: 0, noParsableChat: true });
    expect(codex.skipped).toEqual([
      { file: bad, reason: "line 1: not valid JSON (truncated or corrupt line)" },
      { file: empty, reason: "no prompt or reply in the file" },
    ]);
    // Remembered: not re-read while unchanged, still reported.
    expect(bySource(sync(store, m), "codex").skipped).toHaveLength(2);
  });

  it("a chat imported before files were recorded is claimed, not duplicated", () => {
    const m = machine();
    const shop = m.project("code/shop");
    m.write(".claude/projects/-code-shop/s1.jsonl", claudeSession("s1", shop, turns("A?", "a.")));
    using store = openStore({ path: ":memory:" });
    store.db.exec(`
      INSERT INTO apps (id, name, path, created_at) VALUES (1, 'shop', NULL, 0);
      INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (1, 'A?', 0, 'claude-code', 's1');
      INSERT INTO messages (chat_id, role, content, created_at) VALUES (1, 'user', 'A?', 0);
    `);
    sync(store, m);
    expect(chats(store)).toEqual([["shop", "A?", 2]]);
  });

  it("an excluded path is never read, and counted", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const secret = m.project("code/secret-client");
    m.write(".claude/projects/-code-shop/s1.jsonl", claudeSession("s1", shop, turns("A?", "a.")));
    m.write(".claude/projects/-code-secret-client/s2.jsonl", "not json at all\n");
    m.write(
      "code/secret-client/.aider.chat.history.md",
      aiderSession("2026-11-05 08:00:00", turns("B?", "b.")),
    );
    using store = openStore({ path: ":memory:" });
    const exclusion = createPathExclusion(["*secret-client*"], "--exclude", {
      cwd: m.home,
      home: m.home,
    });
    const report = sync(store, m, { exclusion, projects: [secret] });
    expect(bySource(report, "claude-code")).toMatchObject({ files: 1, excluded: 1, skipped: [] });
    expect(bySource(report, "aider")).toMatchObject({ files: 0, excluded: 1 });
    expect(chats(store)).toEqual([["shop", "A?", 2]]);
  });

  it("rejects an unknown --source and a missing --project", () => {
    const m = machine();
    using store = openStore({ path: ":memory:" });
    expect(() => sync(store, m, { sources: ["cursorr"] })).toThrow(/--source/);
    expect(() => sync(store, m, { projects: [join(m.home, "missing")] })).toThrow(/--project/);
  });
});

describe("a session synced before its file recorded its folder", () => {
  it("moves from the folder-named fallback app to its project's app once a later line records the cwd", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const noCwd = { cwd: undefined };
    const path = m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, turns("Which queue?", "SQS."), noCwd),
    );
    using store = openStore({ path: ":memory:" });
    sync(store, m, { sources: ["claude-code"] });
    expect(chats(store)).toEqual([["-code-shop", "Which queue?", 2]]);

    m.append(path, claudeLine("s1", shop, { role: "user", text: "Add a dead-letter queue." }, 2));
    const report = bySource(sync(store, m, { sources: ["claude-code"] }), "claude-code");
    expect([report.changes.appended, report.updatedChats, report.messages]).toEqual([1, 1, 1]);
    expect(chats(store)).toEqual([["shop", "Which queue?", 3]]);
    expect(store.db.prepare("SELECT name FROM apps").pluck().all()).toEqual(["shop"]);
  });
});
