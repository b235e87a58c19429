/**
 * `recollect mcp` on a store without Pro (issue 29 § Build 1), a real child process driven by the
 * SDK's Client: it says so on stderr and in `instructions`, and tells the client through
 * `notifications/tools/list_changed` when `settings set` changes the entitlement or a consent.
 */
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRecollectChild } from "../cli/commands/testing/run-child.js";
import { recollectInvocation } from "../cli/recollect-invocation.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";

const PROCESS_TEST_MS = 90_000;
/** The command errors and messages suggest, as a server started in the checkout writes it. */
const RUN_RECOLLECT = recollectInvocation(process.env, process.cwd()).join(" ");

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
});
afterAll(() => store.cleanup());

describe("recollect mcp without Pro", () => {
  it(
    "says so on stderr and in instructions, and sends tools/list_changed when Pro or a consent changes",
    async () => {
      store.writeSettings({});
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
      });
      const turnProOn = `${RUN_RECOLLECT} --db ${store.path} settings set entitlement pro`;
      expect(server.stderr()).toContain(
        `recollect mcp: Pro is off for this store, so no tools are listed; run \`${turnProOn}\` to turn them on.`,
      );
      const instructions = server.client.getInstructions() ?? "";
      expect(instructions).toMatch(/^Recollect's history tools are off: /);
      expect(instructions).toContain(`\`${turnProOn}\``);
      expect(server.client.getServerCapabilities()?.tools?.listChanged).toBe(true);

      let changes = 0;
      server.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        changes += 1;
      });
      const names = async () => (await server.client.listTools()).tools.map((tool) => tool.name);
      expect(await names()).toEqual([]);
      // The watch starts once the session loaded after the handshake (the tools/list above
      // waited for it) and its baseline is read; this leaves it time for that.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const set = await runRecollectChild([
        "--db",
        store.path,
        "settings",
        "set",
        "entitlement",
        "pro",
      ]);
      expect(set.code).toBe(0);
      await expect.poll(() => changes, { timeout: 10_000 }).toBe(1);
      expect(await names()).toEqual(["explore_chat_history", "read_chat"]);

      store.writeSettings({ entitlement: "pro", consent: { read_chat: "never" } });
      await expect.poll(() => changes, { timeout: 10_000 }).toBe(2);
      expect(await names()).toEqual(["explore_chat_history"]);

      // A setting that lists the same tools notifies nobody.
      store.writeSettings({
        entitlement: "pro",
        consent: { read_chat: "never" },
        telemetry: "off",
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(changes).toBe(2);
    },
    PROCESS_TEST_MS,
  );
});
