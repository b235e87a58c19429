/**
 * `recollect mcp` as a real child process (bin/recollect.js), driven by the SDK's Client over
 * stdio against a real store (issue 10 § Shows).
 */

import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { ElicitRequestSchema, ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../card/report-schema.js";
import { recollectInvocation } from "../cli/recollect-invocation.js";
import { readTelemetryFile, telemetryPathForStore } from "../telemetry/index.js";
import { startScriptedOpenAIServer } from "../test/scripted-openai-server.js";
import { addDecisionChat, exploreEvidence } from "./testing/explore-evidence.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";

const QUESTION = "What did we decide about authentication?";
/**
 * How the server's errors say to run Recollect from the folder it runs in, as every command does:
 * `recollect` when this copy is on PATH, `npx recollect` in the checkout, else `node <bin>`.
 */
const runRecollectFrom = (cwd: string) => recollectInvocation(process.env, cwd).join(" ");
/** The same for a server started in this test's folder (the checkout). */
const RUN_RECOLLECT = runRecollectFrom(process.cwd());
/** Longer than the default 5 s: each test spawns a Node process through tsx on a shared 2-core box. */
const PROCESS_TEST_MS = 60_000;

let store: McpTestStore;

beforeAll(async () => {
  store = await createMcpTestStore();
});
afterAll(() => store.cleanup());

const pro = { entitlement: "pro" } as const;
const text = (result: CallToolResult) =>
  result.content.flatMap((item) => (item.type === "text" ? [item.text] : [])).join("\n");
const errorOf = (result: CallToolResult) => {
  expect(result.isError).toBe(true);
  const [prose, json] = result.content.map((item) => (item.type === "text" ? item.text : ""));
  const error = (JSON.parse(json ?? "") as { error: Record<string, unknown> }).error;
  // The prose a client that parses only the first text item still shows its model.
  expect(prose).toBe(`Recollect error (${String(error.kind)}): ${String(error.message)}`);
  return error;
};

/** A chat of 21 messages of ~3,000 chars each in the seeded app: its full window exceeds 20 KB. */
async function bigChat(): Promise<{ chatId: number; middle: number }> {
  let chatId = 0;
  const ids: number[] = [];
  await store.change((open) => {
    const at = Date.UTC(2026, 4, 1);
    chatId = Number(
      open.db
        .prepare(
          "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, 'Long design review', ?, 'seed', 'long')",
        )
        .run(store.seeded.appId, at).lastInsertRowid,
    );
    const insert = open.db.prepare(
      "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)",
    );
    for (let index = 0; index < 21; index++) {
      const content = `Review point ${index}: ${"the cache layer keeps warm entries per tenant ".repeat(64)}`;
      const role = index % 2 === 0 ? "user" : "assistant";
      ids.push(Number(insert.run(chatId, role, content, at + index * 60_000).lastInsertRowid));
    }
  });
  return { chatId, middle: ids[10]! };
}

describe("recollect mcp: tools per entitlement and consent", () => {
  it(
    "lists neither tool without Pro, both with it, and drops a tool whose consent is never; a direct call without Pro is the classified Pro error",
    async () => {
      store.writeSettings({});
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
      });
      const names = async () => (await server.client.listTools()).tools.map((tool) => tool.name);
      expect(await names()).toEqual([]);
      const refused = (await server.client.callTool({
        name: "explore_chat_history",
        arguments: { query: QUESTION },
      })) as CallToolResult;
      expect(errorOf(refused)).toMatchObject({
        kind: "precondition",
        missing: "pro",
        remedies: [`${RUN_RECOLLECT} --db ${store.path} settings set entitlement pro`],
      });

      store.writeSettings(pro);
      expect(await names()).toEqual(["explore_chat_history", "read_chat"]);
      store.writeSettings({ ...pro, consent: { explore_chat_history: "never" } });
      expect(await names()).toEqual(["read_chat"]);
      const off = (await server.client.callTool({
        name: "explore_chat_history",
        arguments: { query: QUESTION },
      })) as CallToolResult;
      expect(errorOf(off)).toMatchObject({
        kind: "user_cancelled",
        remedies: [
          `${RUN_RECOLLECT} --db ${store.path} settings set consent.explore_chat_history ask`,
        ],
      });
      store.writeSettings({ ...pro, consent: { read_chat: "never", search_chats: "always" } });
      expect(await names()).toEqual(["explore_chat_history"]);
      store.writeSettings({
        ...pro,
        consent: { read_chat: "never", explore_chat_history: "never" },
      });
      expect(await names()).toEqual([]);

      store.writeSettings(pro);
      const [explore, read] = (await server.client.listTools()).tools;
      expect(explore?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(read?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(explore?.inputSchema).toMatchObject({
        type: "object",
        required: ["query"],
        properties: { query: { type: "string", minLength: 1, maxLength: 500 } },
      });
      expect(explore?.outputSchema?.required).toContain("archival_content");
      expect(read?.inputSchema.required).toEqual(["chat_id"]);
      // Both refuse undeclared arguments, and say so in the schema clients read.
      expect(explore?.inputSchema.additionalProperties).toBe(false);
      expect(read?.inputSchema.additionalProperties).toBe(false);
      expect(read?.outputSchema).toBeUndefined();
      await expect(
        server.client.callTool({ name: "search_chats", arguments: { query: "auth" } }),
      ).rejects.toThrow('Tool "search_chats" not found: expected one of');
    },
    PROCESS_TEST_MS,
  );
});

describe("recollect mcp: explore, read and evidence links", () => {
  it(
    "explores with progress before the result, returns a schema-valid report with a resource link per evidence target, reads a link, and records content-free telemetry with the surface",
    async () => {
      store.writeSettings(pro);
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
      });
      const progress: Array<{ progress: number; message?: string }> = [];
      const call = server.client.callTool(
        { name: "explore_chat_history", arguments: { query: QUESTION } },
        undefined,
        { onprogress: (event) => progress.push(event) },
      );
      // A client too busy to read while the run finishes gets the progress and the result in one
      // stdout chunk (the case that once delivered no progress at all): it still sees every one.
      const busyUntil = Date.now() + 1_500;
      while (Date.now() < busyUntil) {}
      const result = (await call) as CallToolResult;
      expect(result.isError).toBeUndefined();
      const report = exploreChatHistoryReportSchema.parse(result.structuredContent);
      expect(report.query).toBe(QUESTION);
      expect(Buffer.byteLength(JSON.stringify(report))).toBeLessThanOrEqual(6 * 1024);
      const targets = [...report.findings, ...report.conflicts].flatMap((group) => group.evidence);
      expect(targets.length).toBeGreaterThan(0);
      const chats = new Set(targets.map((target) => target.chat_id));
      expect(chats.has(store.seeded.otherChatId)).toBe(false);
      const links = result.content.filter((item) => item.type === "resource_link");
      const expected = [
        ...new Set(targets.map((t) => `recollect://chats/${t.chat_id}/messages/${t.message_id}`)),
      ];
      expect(links.map((link) => link.uri)).toEqual(expected);

      const wire = server.received.flatMap(
        (message): Array<object | string> =>
          "method" in message && message.method === "notifications/progress"
            ? [{ progress: message.params?.progress, message: message.params?.message }]
            : "result" in message && "structuredContent" in (message.result as object)
              ? ["result"]
              : [],
      );
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect(wire).toEqual([...progress, "result"]);
      expect(progress.map((event) => event.progress)).toEqual(
        progress.map((_, index) => index + 1),
      );
      const archival = [
        "JWT",
        "Stripe",
        "Postgres",
        "httpOnly",
        "PayPal",
        "OAuth",
        "authentication",
      ];
      for (const event of progress) {
        expect(event.message).toMatch(/^(Searching|Reading|Checking|Synthesizing) /);
        for (const word of archival) expect(event.message).not.toContain(word);
      }

      const first = targets[0]!;
      const window = (await server.client.readResource({
        uri: `recollect://chats/${first.chat_id}/messages/${first.message_id}`,
      })) as ReadResourceResult;
      const content = window.contents[0] as { uri: string; mimeType: string; text: string };
      expect(content.mimeType).toBe("application/json");
      const read = JSON.parse(content.text) as {
        archival_content: boolean;
        chat_id: number;
        messages: Array<{ message_id: number }>;
      };
      expect(read.archival_content).toBe(true);
      expect(read.chat_id).toBe(first.chat_id);
      expect(read.messages.map((message) => message.message_id)).toContain(first.message_id);

      const otherApp = `recollect://chats/${store.seeded.otherChatId}/messages/${store.seeded.messageIds.other![0]}`;
      const missing = "recollect://chats/9999/messages/9998";
      const notFound = async (uri: string) =>
        server.client.readResource({ uri }).then(
          () => null,
          (error: { code: number; message: string }) => ({
            code: error.code,
            message: error.message,
          }),
        );
      expect(await notFound(otherApp)).toEqual({
        code: -32002,
        message: `MCP error -32002: Message ${store.seeded.messageIds.other![0]} of chat ${store.seeded.otherChatId} was not found in this app.`,
      });
      expect(await notFound(missing)).toEqual({
        code: -32002,
        message: "MCP error -32002: Message 9998 of chat 9999 was not found in this app.",
      });
      const templates = await server.client.listResourceTemplates();
      expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toEqual([
        "recollect://chats/{chat_id}/messages/{message_id}",
      ]);

      await server.close();
      const telemetry = readTelemetryFile(telemetryPathForStore(store.path)!);
      const fromMcp = telemetry.records.filter(
        (record) => "surface" in record && record.surface === "mcp",
      );
      expect(fromMcp.map((record) => record.event)).toEqual(
        expect.arrayContaining(["tool_call", "explore_run"]),
      );
      const raw = readFileSync(telemetryPathForStore(store.path)!, "utf8");
      for (const word of ["authentication", "JWT", "Acme", String(first.message_id)]) {
        expect(raw).not.toMatch(new RegExp(`"${word}"`));
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "read_chat of another app's chat and of a missing chat give the same error; malformed arguments name the argument",
    async () => {
      store.writeSettings({ ...pro, consent: { read_chat: "always" } });
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
      });
      const read = async (args: Record<string, unknown>) =>
        (await server.client.callTool({ name: "read_chat", arguments: args })) as CallToolResult;
      const other = errorOf(await read({ chat_id: store.seeded.otherChatId }));
      const missing = errorOf(await read({ chat_id: 424242 }));
      expect(other).toEqual({
        kind: "not_found",
        message: `Chat ${store.seeded.otherChatId} was not found in this app.`,
      });
      expect(missing).toEqual({
        kind: "not_found",
        message: "Chat 424242 was not found in this app.",
      });

      const big = await bigChat();
      const longWindow = await read({
        chat_id: big.chatId,
        around_message_id: big.middle,
        before: 10,
        after: 10,
      });
      const bounded = JSON.parse(text(longWindow)) as Record<string, unknown> & {
        truncated: boolean;
      };
      const { archival_content: _marker, note: _note, ...result } = bounded;
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(20 * 1024);
      expect(bounded.truncated).toBe(true);

      const ok = await read({ chat_id: store.seeded.authChatId });
      expect(ok.isError).toBeUndefined();
      const window = JSON.parse(text(ok)) as { archival_content: true; messages: unknown[] };
      expect(window.archival_content).toBe(true);
      expect(window.messages).toHaveLength(3);

      const explore = async (args: Record<string, unknown>) =>
        errorOf(
          (await server.client.callTool({
            name: "explore_chat_history",
            arguments: args,
          })) as CallToolResult,
        );
      // The bounds are exploreChatHistoryInputSchema's and the read schema's, as tools/list has them.
      const query = { type: "string", required: true, minLength: 1, maxLength: 500 };
      expect(await explore({})).toMatchObject({
        kind: "invalid_input",
        argument: "query",
        expected: query,
        received: "missing",
      });
      // As the CLI says it: the length that arrived (after trimming) and the limit.
      expect(await explore({ query: ` ${"x".repeat(501)} ` })).toMatchObject({
        kind: "invalid_input",
        message:
          "Invalid query: expected a string of 1–500 characters, required (got 501 characters; the limit is 500).",
        argument: "query",
        expected: query,
        received: "string",
        length: 501,
        limit: 500,
      });
      expect(await explore({ query: "   " })).toMatchObject({
        kind: "invalid_input",
        argument: "query",
        expected: query,
        received: "string",
      });
      expect(errorOf(await read({ chat_id: "three" }))).toMatchObject({
        kind: "invalid_input",
        argument: "chat_id",
        expected: { type: "integer", required: true, minimum: 1 },
        received: "string",
      });
      expect(errorOf(await read({ chat_id: 1, limit: 99 }))).toMatchObject({
        kind: "invalid_input",
        argument: "limit",
        expected: { type: "integer", required: false, minimum: 1, maximum: 20 },
        received: "integer",
      });
      // An undeclared argument is refused, not ignored: read_chat would otherwise run without it.
      const misnamed = errorOf(
        await read({ chat_id: store.seeded.authChatId, message_id: 5, "\u202Ex": 1 }),
      );
      expect(misnamed).toMatchObject({
        kind: "invalid_input",
        argument: "arguments",
        unknown: ["message_id", "\\u{202E}x"],
        accepted: ["chat_id", "around_message_id", "before", "after", "offset", "limit", "focus"],
      });
      expect(String(misnamed.message)).not.toContain("\u202E");
      // One unknown name that is a part of an accepted one is pointed to it.
      expect(
        errorOf(await read({ chat_id: store.seeded.authChatId, message_id: 5 })),
      ).toMatchObject({ unknown: ["message_id"], suggestion: "around_message_id" });
      const unrelated = await explore({ query: QUESTION, foo: 1 });
      expect(unrelated).toMatchObject({
        kind: "invalid_input",
        argument: "arguments",
        unknown: ["foo"],
        accepted: ["query"],
      });
      expect(unrelated).not.toHaveProperty("suggestion");
    },
    PROCESS_TEST_MS,
  );

  it(
    "read_chat's ask consent goes through elicitation when the client can elicit, and is left to the host otherwise",
    async () => {
      store.writeSettings(pro);
      await using asking = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
        capabilities: { elicitation: { form: {} } },
      });
      const answers = ["decline", "accept", "cancel"] as const;
      const asked: string[] = [];
      asking.client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params.message);
        const action = answers[asked.length - 1]!;
        return action === "accept" ? { action, content: { allow: true } } : { action };
      });
      const call = async () =>
        (await asking.client.callTool({
          name: "read_chat",
          arguments: { chat_id: store.seeded.authChatId },
        })) as CallToolResult;
      expect(errorOf(await call())).toMatchObject({ kind: "user_cancelled" });
      expect((await call()).isError).toBeUndefined();
      // Cancelled (headless Claude Code cancels every elicitation): nobody declined.
      const cancelled = errorOf(await call());
      expect(cancelled).toMatchObject({
        kind: "precondition",
        missing: "consent",
        remedies: [`${RUN_RECOLLECT} --db ${store.path} settings set consent.read_chat always`],
      });
      expect(String(cancelled.message)).toMatch(/^Could not ask the person to allow read_chat: /);
      expect(String(cancelled.message)).not.toContain("declined");
      expect(asked).toHaveLength(3);
      expect(asked[0]).toContain(
        "Sends the selected historical chat text from this app to the active model.",
      );

      await using plain = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
      });
      const direct = (await plain.client.callTool({
        name: "read_chat",
        arguments: { chat_id: store.seeded.authChatId },
      })) as CallToolResult;
      expect(direct.isError).toBeUndefined();
    },
    PROCESS_TEST_MS,
  );
});

describe("recollect mcp: the app from the client's project", () => {
  it(
    "matches the client's roots or the working directory against recorded project paths, and says how to import an unknown project",
    async () => {
      store.writeSettings(pro);
      const project = join(store.dir, "acme-shop");
      const nested = join(project, "packages", "web");
      mkdirSync(nested, { recursive: true });
      await store.change((open) => {
        open.db.prepare("UPDATE apps SET path = ? WHERE id = ?").run(project, store.seeded.appId);
      });
      const readAuth = { name: "read_chat", arguments: { chat_id: store.seeded.authChatId } };

      await using fromCwd = await spawnMcpClient({ storePath: store.path, cwd: nested });
      expect(((await fromCwd.client.callTool(readAuth)) as CallToolResult).isError).toBeUndefined();

      await using fromRoots = await spawnMcpClient({
        storePath: store.path,
        cwd: store.dir,
        capabilities: { roots: { listChanged: true } },
      });
      fromRoots.client.setRequestHandler(ListRootsRequestSchema, () => ({
        roots: [{ uri: pathToFileURL(nested).href, name: "web" }],
      }));
      expect(
        ((await fromRoots.client.callTool(readAuth)) as CallToolResult).isError,
      ).toBeUndefined();

      await using unknown = await spawnMcpClient({ storePath: store.path, cwd: store.dir });
      const refused = errorOf((await unknown.client.callTool(readAuth)) as CallToolResult);
      expect(refused).toMatchObject({ kind: "precondition", missing: "app" });
      // This machine has no Claude Code sessions folder for the project: no folder is named.
      expect(refused.remedies).toEqual([
        `${runRecollectFrom(store.dir)} --db ${store.path} sync`,
        `${runRecollectFrom(store.dir)} --db ${store.path} mcp --app <name>`,
        `${runRecollectFrom(store.dir)} --db ${store.path} apps`,
      ]);
      expect(refused.message).not.toContain("Side Project");
    },
    PROCESS_TEST_MS,
  );
});

describe("recollect mcp: the host's live Claude Code session", () => {
  it(
    "excludes the chat named by CLAUDE_CODE_SESSION_ID from search, and finds it without",
    async () => {
      store.writeSettings(pro);
      await store.change((open) => {
        addDecisionChat(open, {
          appId: store.seeded.appId,
          title: "Live session",
          source: "claude-code",
          externalId: "live-session-1",
          text: "Decision: deploy the storefront on Fly.io regions.",
        });
      });
      const explore = async (env: Record<string, string | undefined>) => {
        await using server = await spawnMcpClient({
          storePath: store.path,
          args: ["--app", "Acme Shop"],
          env,
        });
        const { targets } = await exploreEvidence(
          server.client,
          "Where do we deploy the storefront? Fly.io regions",
        );
        return targets.map((target) => target.chat_title);
      };
      expect(await explore({})).toContain("Live session");
      expect(await explore({ CLAUDE_CODE_SESSION_ID: "live-session-1" })).not.toContain(
        "Live session",
      );
    },
    PROCESS_TEST_MS,
  );
});

describe("recollect mcp: cancellation", () => {
  it(
    "a cancel mid-run ends the call with no result, and the next call works",
    async () => {
      store.writeSettings(pro);
      await using model = await startScriptedOpenAIServer({
        script: [
          { type: "hang" },
          { type: "tool-call", name: "search_chats", args: { query: "authentication decision" } },
          {
            type: "tool-call",
            name: "submit_report",
            args: { summary: "Looked for the auth decision.", findings: [], confidence: "low" },
          },
        ],
      });
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop", "--engine", "openai-compatible"],
        env: { RECOLLECT_ENGINE_BASE_URL: model.baseUrl, RECOLLECT_ENGINE_MODEL: "scripted" },
      });
      const controller = new AbortController();
      const cancelled = server.client.callTool(
        { name: "explore_chat_history", arguments: { query: QUESTION } },
        undefined,
        { signal: controller.signal, onprogress: () => undefined },
      );
      await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBe(1);
      controller.abort();
      await expect(cancelled).rejects.toThrow();
      await expect.poll(() => model.requests[0]?.clientClosed, { timeout: 10_000 }).toBe(true);

      const next = (await server.client.callTool({
        name: "explore_chat_history",
        arguments: { query: QUESTION },
      })) as CallToolResult;
      expect(next.isError).toBeUndefined();
      exploreChatHistoryReportSchema.parse(next.structuredContent);
      const responses = server.received.filter(
        (message) => "result" in message || "error" in message,
      );
      const callResponses = responses.filter(
        (message) => "result" in message && "structuredContent" in (message.result as object),
      );
      expect(callResponses).toHaveLength(1);
    },
    PROCESS_TEST_MS,
  );
});
