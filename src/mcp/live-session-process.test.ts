import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDecisionChat, exploreEvidence } from "./testing/explore-evidence.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";

const PROCESS_TEST_MS = 60_000;
let store: McpTestStore;
let home: string;
beforeAll(async () => {
  store = await createMcpTestStore();
  home = mkdtempSync(join(tmpdir(), "recollect-live-home-"));
});
afterAll(() => {
  store.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("recollect mcp: the host's live Codex and Gemini CLI sessions", () => {
  it(
    "a Codex or Gemini client's live session (its newest transcript of the project) is not searched",
    async () => {
      const project = join(home, "code", "acme-shop");
      mkdirSync(project, { recursive: true });
      store.writeSettings({ entitlement: "pro" });
      await store.change((open) => {
        open.db.prepare("UPDATE apps SET path = ? WHERE id = ?").run(project, store.seeded.appId);
        for (const [title, source, externalId] of [
          ["Live Codex", "codex", "codex-live-1"],
          ["Live Gemini", "gemini-cli", "gemini-live-1"],
        ] as const) {
          addDecisionChat(open, {
            appId: store.seeded.appId,
            title,
            source,
            externalId,
            text: "Decision: deploy the storefront on Fly.io regions.",
          });
        }
      });
      // The agents' session files as they write them now (no messages: nothing to import).
      const day = join(home, ".codex", "sessions", "2026", "12", "01");
      mkdirSync(day, { recursive: true });
      writeFileSync(
        join(day, "rollout-2026-12-01T08-00-00-codex-live-1.jsonl"),
        `${JSON.stringify({ type: "session_meta", payload: { id: "codex-live-1", cwd: project } })}\n`,
      );
      const chats = join(home, ".gemini", "tmp", "acme-shop", "chats");
      mkdirSync(chats, { recursive: true });
      writeFileSync(join(chats, "..", ".project_root"), project);
      writeFileSync(
        join(chats, "session-2026-12-01T08-00-gemini-l.jsonl"),
        `${JSON.stringify({ sessionId: "gemini-live-1", projectHash: "h" })}\n`,
      );
      const cited = async (clientName: string) => {
        await using server = await spawnMcpClient({
          storePath: store.path,
          args: ["--app", "Acme Shop"],
          env: { HOME: home, USERPROFILE: home },
          clientName,
        });
        const { targets } = await exploreEvidence(
          server.client,
          "Where do we deploy the storefront? Fly.io regions",
        );
        return targets.map((target) => target.chat_title);
      };
      const fromCodex = await cited("codex-mcp-client");
      expect(fromCodex).toContain("Live Gemini");
      expect(fromCodex).not.toContain("Live Codex");
      const fromGemini = await cited("gemini-cli-mcp-client");
      expect(fromGemini).toContain("Live Codex");
      expect(fromGemini).not.toContain("Live Gemini");
    },
    PROCESS_TEST_MS,
  );
});
