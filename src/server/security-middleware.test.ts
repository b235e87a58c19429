/**
 * The body limit and security headers on a real listening server: a 300 MB declared body is
 * refused with 413 before any of it is sent, a chunked body is cut off once it passes the limit,
 * and every response carries the CSP and framing headers.
 */
import { connect } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemorySettingsStore } from "../settings/index.js";
import { openStore, type Store } from "../store/open-store.js";
import { createApp } from "./create-app.js";
import { MAX_REQUEST_BODY_BYTES } from "./security-middleware.js";
import { createSettingsPermissions } from "./settings-permissions.js";
import { type RunningServer, startServer } from "./start-server.js";
import { TEST_FILL_COMMANDS } from "./testing/fill-commands.js";
import { seedHistory } from "./testing/seed-history.js";

let store: Store;
let server: RunningServer;
let appId: number;

beforeEach(async () => {
  store = openStore({ path: ":memory:" });
  appId = seedHistory(store).appId;
  const app = createApp({
    store,
    runTurn: async () => undefined,
    permissions: createSettingsPermissions(createMemorySettingsStore({}), []),
    isPro: () => true,
    fillCommands: TEST_FILL_COMMANDS,
    staticHandler: async () =>
      new Response("<!doctype html><title>x</title>", {
        headers: { "content-type": "text/html" },
      }),
  });
  server = await startServer(app, 0);
});
afterEach(async () => {
  await server.close();
  store.close();
});

/** Sends raw request bytes and resolves with the first response bytes (status line + headers). */
function rawRequest(head: string, bodyPrefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(head);
      socket.write(bodyPrefix);
    });
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on("error", reject);
    socket.setTimeout(10_000, () => reject(new Error("no response within 10 s")));
  });
}

describe("request body limit", () => {
  it("answers 413 from the declared length, before the body arrives", async () => {
    const declared = 300 * 1024 * 1024;
    const response = await rawRequest(
      [
        `POST /api/apps/${appId}/chats HTTP/1.1`,
        `Host: 127.0.0.1:${server.port}`,
        "Content-Type: application/json",
        `Content-Length: ${declared}`,
        "",
        "",
      ].join("\r\n"),
      '{"title":"',
    );
    expect(response.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("cuts off a chunked body once it passes the limit, with the API's error shape", async () => {
    const big = `{"title":"${"x".repeat(MAX_REQUEST_BODY_BYTES)}"}`;
    const response = await fetch(`${server.url}/api/apps/${appId}/chats`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        kind: "invalid_input",
        message: `The request body is larger than ${MAX_REQUEST_BODY_BYTES} bytes (1 MiB).`,
        argument: "body",
        allowed: `at most ${MAX_REQUEST_BODY_BYTES} bytes`,
      },
    });
    expect(
      store.db.prepare("SELECT count(*) FROM chats WHERE title LIKE 'xxx%'").pluck().get(),
    ).toBe(0);
  });

  it("lets a normal body through", async () => {
    const response = await fetch(`${server.url}/api/apps/${appId}/chats`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "fine" }),
    });
    expect(response.status).toBe(201);
  });
});

describe("security headers", () => {
  it("the page, the API and errors all carry the CSP and refuse framing", async () => {
    for (const path of ["/", "/api/apps", "/api/apps/999999/chats"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });
});
