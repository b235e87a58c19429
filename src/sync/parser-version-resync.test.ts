import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createIndexer } from "../history/indexer/create-indexer.js";
import { searchChats } from "../history/search/search-chats.js";
import { PARSER_VERSION } from "../importers/parser-version.js";
import { recalledTurnMarker } from "../importers/recollect-tool-calls.js";
import { writeChats } from "../importers/write-chats.js";
import { findAppByName } from "../store/catalog/apps.js";
import { MIGRATIONS } from "../store/migrations/index.js";
import { openStore, type Store } from "../store/open-store.js";
import { prefixFingerprint } from "./file-bytes.js";
import { parseSourceBytes } from "./parse-source.js";
import { syncHistory } from "./sync-history.js";
import { claudeLine, fixtureMachinesPerTest } from "./testing/machine-fixture.js";

const machine = fixtureMachinesPerTest();

/** The store schema of the release before parser versions were recorded (migrations 1–6). */
const OLDER_RELEASE_MIGRATIONS = MIGRATIONS.filter((migration) => migration.version <= 6);

/** A Claude Code session: a prompt stating a decision beside a recall request, an MCP explore call, its answer. */
function recallSession(cwd: string): string {
  const at = (second: number) => new Date(Date.UTC(2026, 10, 3, 9, 1, second)).toISOString();
  const toolUse = {
    type: "assistant",
    sessionId: "s1",
    cwd,
    timestamp: at(1),
    message: {
      id: "msg_tool",
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: "toolu_1",
          name: "mcp__recollect__explore_chat_history",
          input: { query: "which database we had before" },
        },
      ],
    },
  };
  const result = {
    type: "user",
    sessionId: "s1",
    cwd,
    timestamp: at(2),
    message: {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: "Question: which database?\nOutcome: complete · confidence high\n\nCockroachDB.",
        },
      ],
    },
  };
  return [
    claudeLine(
      "s1",
      cwd,
      { role: "user", text: "We use Postgres. Remind me which database we had before." },
      0,
    ),
    `${JSON.stringify(toolUse)}\n`,
    `${JSON.stringify(result)}\n`,
    claudeLine("s1", cwd, { role: "assistant", text: "Earlier you chose CockroachDB." }, 3),
  ].join("");
}

/**
 * What the release before parser version 2 left in a store for `path`: its chats with a
 * recalled-turn marker that records no question, and a `source_files` row (schema 6, no
 * `parser_version`) saying the whole file was read, so a plain sync sees it unchanged.
 */
function syncAsOlderRelease(path: string, cwd: string): void {
  using store = openStore({
    path: join(cwd, "..", "store.db"),
    migrations: OLDER_RELEASE_MIGRATIONS,
  });
  const bytes = readFileSync(path);
  const mtimeMs = Math.round(statSync(path).mtimeMs);
  const { chats } = parseSourceBytes("claude-code", path, bytes, mtimeMs);
  const oldChats = chats.map((chat) => ({
    chat: {
      ...chat,
      messages: chat.messages.map((message) => ({
        ...message,
        content: message.content.replace(/<dyad-explore-chat-history[^>]*>/, (open) =>
          open.replace(/ query="[^"]*"/, ""),
        ),
      })),
    },
    app: { name: "shop", path: cwd, origin: "root" as const },
    sourceFile: path,
  }));
  expect(oldChats[0]?.chat.messages.map((message) => message.content)).toContain(
    `${recalledTurnMarker(null)}\n\nEarlier you chose CockroachDB.`,
  );
  writeChats(store.db, oldChats);
  store.db
    .prepare(
      `INSERT INTO source_files (source, path, format, project_root, size, mtime_ms, imported_bytes,
         prefix_hash, resume_bytes, chats, skip_reason, synced_at)
       VALUES ('claude-code', ?, 'claude-code', ?, ?, ?, ?, ?, 0, 1, NULL, 0)`,
    )
    .run(path, cwd, bytes.length, mtimeMs, bytes.length, prefixFingerprint(path, bytes.length));
}

async function drain(store: Store): Promise<void> {
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  indexer.start();
  await indexer.drainAll();
  await indexer.stop();
}

async function searchShop(store: Store, query: string): Promise<number[]> {
  const appId = findAppByName(store.db, "shop")?.id;
  if (appId === undefined) throw new Error("no app shop");
  const result = await searchChats(
    { store, appId, currentChatId: null, currentMessageId: null },
    { query },
  );
  expect(result.index_status).toBe("ready");
  return result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id));
}

describe("a store synced by an older parser converges with a fresh sync", () => {
  it("re-reads a file read before parser versions, so the stated decision becomes searchable", async () => {
    const m = machine();
    const shop = m.project("code/shop");
    const path = m.write(".claude/projects/-code-shop/s1.jsonl", recallSession(shop));
    syncAsOlderRelease(path, shop);
    const storePath = join(shop, "..", "store.db");
    // The older store, upgraded and indexed before any sync (today's indexer reads today's
    // schema): the marker names no question, so the whole prompt was the request.
    using store = openStore({ path: storePath });
    await drain(store);
    expect(await searchShop(store, "Postgres")).toEqual([]);
    const parserVersion = () =>
      store.db.prepare("SELECT parser_version FROM source_files").pluck().all();
    expect(parserVersion()).toEqual([1]);
    const first = syncHistory({ store, environment: m.environment, sources: ["claude-code"] });
    expect(first.sources[0]?.changes).toMatchObject({ rewritten: 1, unchanged: 0 });
    expect(parserVersion()).toEqual([PARSER_VERSION]);
    await drain(store);
    const prompt = store.db
      .prepare("SELECT id FROM messages WHERE role = 'user' ORDER BY id LIMIT 1")
      .pluck()
      .get();
    expect(await searchShop(store, "Postgres")).toEqual([prompt]);
    expect(await searchShop(store, "CockroachDB")).toEqual([]);
    // Converged: the next sync leaves the file alone.
    const second = syncHistory({ store, environment: m.environment, sources: ["claude-code"] });
    expect(second.sources[0]?.changes).toMatchObject({ rewritten: 0, unchanged: 1 });
  });
});
