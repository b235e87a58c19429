/**
 * `<private>` spans and credentials on every path that returns stored text: `recollect chats`,
 * `read` and `search`, the web API's chat lists and chat views (and the primary agent's view of
 * earlier messages), and the MCP server's evidence resources on a real child process. The history
 * is imported through `recollect import` into a real store.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnMcpClient } from "../../mcp/testing/spawn-mcp-client.js";
import { toModelMessages } from "../../server/agent-turn-runner.js";
import { listMessages } from "../../server/api-rows.js";
import { createApp } from "../../server/create-app.js";
import { createSettingsPermissions } from "../../server/settings-permissions.js";
import { TEST_FILL_COMMANDS } from "../../server/testing/fill-commands.js";
import { createMemorySettingsStore } from "../../settings/index.js";
import { openStore } from "../../store/open-store.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
let db = "";
const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);
afterEach(() => stores.cleanup());

/** Words and secrets that must never come back; each sits in a private span or is a credential. */
const HIDDEN = ["margin", "kickback", "zebra", "ghp_", "hunter22", "Dana's salary"];
const KEY = "ghp_abcdefghijklmnopqrstuvwx1234";

const line = (role: string, content: string, at: number) =>
  JSON.stringify({
    app: "billing",
    chat: "c1",
    title: "Processor <private>Dana's salary</private> choice",
    role,
    content,
    created_at: at,
  });

beforeEach(async () => {
  db = stores.path();
  expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
  const file = join(dirname(db), "billing.jsonl");
  writeFileSync(
    file,
    [
      line(
        "user",
        "Which processor? <private>Our margin is 12 percent.</private> Keep it cheap.",
        1,
      ),
      line(
        "assistant",
        `Use Stripe. <PRIVATE reason="x">kickback</Private> The CI token is ${KEY}.`,
        2,
      ),
      line("user", "Agreed on Stripe; DB_PASSWORD=hunter22 <private>the zebra vault", 3),
    ].join("\n"),
  );
  expect((await recollect(["import", file])).code).toBe(0);
});

const expectNoneHidden = (where: string, text: string) => {
  for (const word of HIDDEN) expect([where, text.includes(word)]).toEqual([where, false]);
};

describe("private spans and credentials on every read path", () => {
  it("recollect chats, read and search", async () => {
    const chats = await recollect(["--json", "chats", "--app", "billing"]);
    expect((JSON.parse(chats.stdout) as { title: string }[]).map((chat) => chat.title)).toEqual([
      "Processor choice",
    ]);
    expectNoneHidden("chats text", (await recollect(["chats", "--app", "billing"])).stdout);
    const read = await recollect(["--json", "read", "--app", "billing", "--chat", "1"]);
    expect(
      (JSON.parse(read.stdout) as { messages: { content: string }[] }).messages.map(
        (message) => message.content,
      ),
    ).toEqual([
      "Which processor? Keep it cheap.",
      "Use Stripe. The CI token is [REDACTED].",
      "Agreed on Stripe; DB_PASSWORD=[REDACTED]",
    ]);
    expectNoneHidden(
      "read text",
      (await recollect(["read", "--app", "billing", "--chat", "1"])).stdout,
    );
    expectNoneHidden("search", (await recollect(["search", "--app", "billing", "Stripe"])).stdout);
    for (const word of ["margin", "kickback", "zebra"]) {
      const search = await recollect(["--json", "search", "--app", "billing", word]);
      expect([word, search.code, JSON.parse(search.stdout).chats]).toEqual([word, 0, []]);
    }
    const found = await recollect(["--json", "search", "--app", "billing", "Stripe"]);
    expect(JSON.parse(found.stdout).chats).toHaveLength(1);
  });

  it("the web API's chat list, chat view and evidence view, and the agent's earlier messages", async () => {
    using store = openStore({ path: db });
    const app = createApp({
      store,
      runTurn: async () => undefined,
      permissions: createSettingsPermissions(createMemorySettingsStore({}), []),
      isPro: () => true,
      fillCommands: TEST_FILL_COMMANDS,
      staticHandler: null,
      clock: () => 0,
      newId: () => "id",
    });
    const get = async (path: string) => {
      const response = await app.request(path);
      expect([path, response.status]).toEqual([path, 200]);
      return (await response.json()) as unknown;
    };
    const appId = store.db.prepare("SELECT id FROM apps WHERE name = 'billing'").pluck().get();
    const list = (await get(`/api/apps/${appId}/chats`)) as { chats: { title: string }[] };
    expect(list.chats.map((chat) => chat.title)).toEqual(["Processor choice"]);
    const view = (await get(`/api/apps/${appId}/chats/1/messages`)) as {
      chat: { title: string };
      messages: { segments: { kind: string; text?: string }[] }[];
    };
    expect(view.chat.title).toBe("Processor choice");
    expect(view.messages.map((message) => message.segments)).toEqual([
      [{ kind: "text", text: "Which processor?   Keep it cheap." }],
      [{ kind: "text", text: "Use Stripe.   The CI token is [REDACTED]." }],
      [{ kind: "text", text: "Agreed on Stripe; DB_PASSWORD=[REDACTED]  " }],
    ]);
    expectNoneHidden(
      "evidence view",
      JSON.stringify(await get(`/api/apps/${appId}/chats/1/messages?message=2`)),
    );
    expectNoneHidden(
      "agent history",
      JSON.stringify(toModelMessages(listMessages(store, 1), "next")),
    );
  });

  it("the MCP server's evidence resource (a real child process)", async () => {
    await using server = await spawnMcpClient({ storePath: db, args: ["--app", "billing"] });
    const window = (await server.client.readResource({
      uri: "recollect://chats/1/messages/2",
    })) as ReadResourceResult;
    const text = (window.contents[0] as { text: string }).text;
    expect(text).toContain("Use Stripe.");
    expectNoneHidden("mcp resource", text);
  }, 60_000);
});
