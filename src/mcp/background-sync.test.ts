import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import type { ExploreChatHistoryReport } from "../card/report-schema.js";
import { settingsStoreForStorePath } from "../settings/index.js";
import { openStore } from "../store/open-store.js";
import {
  claudeLine,
  claudeSession,
  createFixtureMachine,
  type FixtureMachine,
} from "../sync/testing/machine-fixture.js";
import { followClientProject, syncClientProject, syncedCounts } from "./background-sync.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";

const machines: FixtureMachine[] = [];
afterEach(() => {
  for (const machine of machines.splice(0)) machine.cleanup();
});

describe("recollect mcp: the client's project is synced in the background", () => {
  it("after the handshake, this project's sessions are imported and no other project's", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const blog = m.project("code/blog");
    m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeSession("s1", shop, [
        { role: "user", text: "Which queue?" },
        { role: "assistant", text: "SQS." },
      ]),
    );
    m.write(
      ".claude/projects/-code-blog/s2.jsonl",
      claudeSession("s2", blog, [{ role: "user", text: "Which CMS?" }]),
    );
    const storePath = `${m.home}/store.db`;
    await using server = await spawnMcpClient({
      storePath,
      cwd: shop,
      env: { HOME: m.home, CLAUDE_CONFIG_DIR: undefined, CODEX_HOME: undefined },
    });
    // The handshake is answered before any sync: tools are listed at once.
    expect((await server.client.listTools()).tools).toBeDefined();
    const deadline = Date.now() + 20_000;
    let chats: unknown[] = [];
    while (Date.now() < deadline) {
      using store = openStore({ path: storePath });
      chats = store.db
        .prepare("SELECT a.name, c.external_id FROM chats c JOIN apps a ON a.id = c.app_id")
        .all();
      if (chats.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(chats).toEqual([{ name: "shop", external_id: "s1" }]);
  }, 60_000);

  it("follows the project: a turn appended to a session file during the session is found by the next explore", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const session = m.claudeSessionPath(shop, "s1");
    m.write(
      session.slice(m.home.length + 1),
      claudeSession("s1", shop, [
        { role: "user", text: "Which queue should the order service use?" },
        { role: "assistant", text: "SQS, for now." },
      ]),
    );
    // The host's own session (found by CLAUDE_CODE_SESSION_ID below), which search skips; s1 is
    // another session of the project, still being written.
    m.write(
      m.claudeSessionPath(shop, "live").slice(m.home.length + 1),
      claudeSession("live", shop, [{ role: "user", text: "What did we decide earlier?" }]),
    );
    const storePath = `${m.home}/store.db`;
    settingsStoreForStorePath(storePath).update((current) => ({ ...current, entitlement: "pro" }));
    await using server = await spawnMcpClient({
      storePath,
      cwd: shop,
      env: {
        HOME: m.home,
        CLAUDE_CONFIG_DIR: undefined,
        CODEX_HOME: undefined,
        CLAUDE_CODE_SESSION_ID: "live",
      },
    });
    const messageCount = () => {
      using store = openStore({ path: storePath });
      return store.db.prepare("SELECT count(*) FROM messages").pluck().get() as number;
    };
    const until = async (done: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 30_000;
      while (!(await done())) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return true;
    };
    expect(await until(() => messageCount() === 3)).toBe(true);

    m.append(
      session,
      claudeLine(
        "s1",
        shop,
        { role: "user", text: "Decision: the order service moves from SQS to Kafka partitions." },
        2,
      ),
    );
    const cites = (report: ExploreChatHistoryReport) =>
      [...report.findings, ...report.conflicts].some((group) =>
        group.evidence.some((target) => target.excerpt.includes("Kafka")),
      );
    let report: ExploreChatHistoryReport | undefined;
    const found = await until(async () => {
      const result = (await server.client.callTool({
        name: "explore_chat_history",
        arguments: { query: "Which message broker did we choose for the order service, Kafka?" },
      })) as CallToolResult;
      report = result.structuredContent as ExploreChatHistoryReport | undefined;
      return report !== undefined && cites(report);
    });
    expect(messageCount()).toBe(4);
    expect(found).toBe(true);
    expect(server.stderr()).not.toContain("Kafka");
  }, 90_000);
});

describe("followClientProject: skipped files", () => {
  it("reports a file it skips as one line, once, while later passes go on", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const good = m.claudeSessionPath(shop, "s1");
    m.write(
      good.slice(m.home.length + 1),
      claudeSession("s1", shop, [{ role: "user", text: "Which queue?" }]),
    );
    const bad = m.claudeSessionPath(shop, "s2");
    // Its first line records the project, so it is in scope; its second is corrupt.
    m.write(
      bad.slice(m.home.length + 1),
      `${claudeLine("s2", shop, { role: "user", text: "Cache?" }, 0)}{bad json\n`,
    );
    using store = openStore({ path: ":memory:" });
    const skipped: string[] = [];
    const synced: number[] = [];
    const watch = followClientProject({
      store,
      settings: settingsStoreForStorePath(`${m.home}/store.db`),
      env: { HOME: m.home },
      folders: [shop],
      onSynced: (counts) => synced.push(counts.messages),
      onError: (error) => {
        throw error;
      },
      onSkipped: (line) => skipped.push(line),
    });
    try {
      await watch.ready;
      m.append(good, claudeLine("s1", shop, { role: "assistant", text: "SQS." }, 1));
      const deadline = Date.now() + 20_000;
      while (synced.length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await watch.stop();
    }
    expect(synced).toEqual([1, 1]);
    expect(skipped).toEqual([`skipped ${bad}: line 2: not valid JSON (truncated or corrupt line)`]);
  }, 60_000);
});

describe("syncedCounts: what a background pass wrote and removed", () => {
  it("a session file cut short removes its dropped messages; a pass with nothing new counts 0", () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const turns = [
      { role: "user", text: "Which queue?" },
      { role: "assistant", text: "SQS." },
      { role: "user", text: "And retries?" },
      { role: "assistant", text: "Three." },
    ] as const;
    m.write(".claude/projects/-code-shop/s1.jsonl", claudeSession("s1", shop, turns));
    const storePath = `${m.home}/store.db`;
    using store = openStore({ path: storePath });
    const pass = () =>
      syncedCounts(
        syncClientProject({
          store,
          settings: settingsStoreForStorePath(storePath),
          env: { HOME: m.home },
          folders: [shop],
        }),
      );
    expect(pass()).toEqual({ messages: 4, messagesRemoved: 0 });
    expect(pass()).toEqual({ messages: 0, messagesRemoved: 0 });
    m.write(".claude/projects/-code-shop/s1.jsonl", claudeSession("s1", shop, turns.slice(0, 2)));
    expect(pass()).toEqual({ messages: 0, messagesRemoved: 2 });
    expect(syncedCounts(null)).toEqual({ messages: 0, messagesRemoved: 0 });
  });
});
