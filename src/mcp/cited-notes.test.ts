import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../card/report-schema.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
});
afterAll(() => store.cleanup());

describe("recollect mcp: notes on the cited messages", () => {
  it("an evidence target from a chat whose file was deleted carries kept_after_file_deleted, described in the output schema", async () => {
    store.writeSettings({ entitlement: "pro" });
    await store.change((open) => {
      const chat = open.db
        .prepare(
          "INSERT INTO chats (app_id, title, created_at, source, external_id, source_file) VALUES (?, 'Kept chat', ?, 'claude-code', 'kept-1', '/nonexistent/recollect/kept-1.jsonl')",
        )
        .run(store.seeded.appId, Date.UTC(2026, 5, 1));
      open.db
        .prepare(
          "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', 'Decision: the storefront images go through Cloudinary.', ?)",
        )
        .run(chat.lastInsertRowid, Date.UTC(2026, 5, 1, 0, 1));
    });
    await using server = await spawnMcpClient({
      storePath: store.path,
      args: ["--app", "Acme Shop"],
    });
    const { tools } = await server.client.listTools();
    const explore = tools.find((tool) => tool.name === "explore_chat_history")!;
    const schemaText = JSON.stringify(explore.outputSchema);
    for (const field of ["kept_after_file_deleted", "message_state"]) {
      expect(schemaText).toMatch(new RegExp(`"${field}":\\{[^{}]*"description":"[^"]+`));
    }
    const result = (await server.client.callTool({
      name: "explore_chat_history",
      arguments: { query: "Which service do the storefront images go through? Cloudinary" },
    })) as CallToolResult;
    const report = exploreChatHistoryReportSchema.parse(result.structuredContent);
    const targets = [...report.findings, ...report.conflicts].flatMap((group) => group.evidence);
    const kept = targets.filter((target) => target.chat_title === "Kept chat");
    expect(kept.length).toBeGreaterThan(0);
    for (const target of targets) {
      expect(target.kept_after_file_deleted).toBe(
        target.chat_title === "Kept chat" ? true : undefined,
      );
    }
    const text = result.content[0]?.type === "text" ? result.content[0].text : "";
    expect(text).toContain("[only in Recollect: its file was deleted]");
  }, 60_000);
});
