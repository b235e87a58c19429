import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import {
  claudeSession,
  createFixtureMachine,
  type FixtureMachine,
} from "../sync/testing/machine-fixture.js";
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
});
