import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDecisionChat, exploreEvidence } from "./testing/explore-evidence.js";
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
      addDecisionChat(open, {
        appId: store.seeded.appId,
        title: "Kept chat",
        source: "claude-code",
        externalId: "kept-1",
        sourceFile: "/nonexistent/recollect/kept-1.jsonl",
        text: "Decision: the storefront images go through Cloudinary.",
      });
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
    const { result, targets } = await exploreEvidence(
      server.client,
      "Which service do the storefront images go through? Cloudinary",
    );
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
