/**
 * `recollect serve` stopped by SIGTERM while turns run, as a real child process against the
 * scripted Engine: the turns are aborted, each stores what it had (or the stopped reply) before
 * the store closes, and the process exits 143 with no error line.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startRecollectChild } from "../cli/commands/testing/run-child.js";
import { openStore } from "../store/open-store.js";
import { startScriptedOpenAIServer } from "../test/scripted-openai-server.js";
import { seedHistory, seedOwnChat } from "./testing/seed-history.js";
import { STOPPED_REPLY } from "./turns/unanswered-reply.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Posts a turn and reads its stream until `turn-accepted` arrives; the body stays open. */
async function startTurn(url: string, chatId: number, message: string): Promise<void> {
  const response = await fetch(`${url}/api/chats/${chatId}/turns`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  let text = "";
  while (!text.includes("turn-accepted")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before turn-accepted: ${text}`);
    text += new TextDecoder().decode(value);
  }
  // Keep reading in the background so the server's writes never block; the stream ends on stop.
  void (async () => {
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return;
  })();
}

describe("recollect serve stopped mid-turn", () => {
  it("SIGTERM aborts running turns, stores their replies, then exits 143", async () => {
    const dir = mkdtempSync(join(tmpdir(), "recollect-serve-stop-"));
    dirs.push(dir);
    const db = join(dir, "recollect.db");
    let silentChat = 0;
    let partialChat = 0;
    {
      using store = openStore({ path: db });
      const seeded = seedHistory(store);
      const own = (title: string) =>
        seedOwnChat(store, { appId: seeded.appId, title, lines: [], externalId: title });
      silentChat = own("silent");
      partialChat = own("partial");
    }
    // The first turn's model never answers; the second writes a few words, then stalls.
    await using engine = await startScriptedOpenAIServer({
      script: (request) =>
        JSON.stringify(request.body?.messages ?? []).includes("partial please")
          ? { type: "stall", textBeforeStall: "Half an answer" }
          : { type: "hang" },
    });
    const serve = startRecollectChild(
      ["--db", db, "--json", "serve", "--port", "0", "--no-build"],
      {
        env: {
          RECOLLECT_ENGINE: "openai-compatible",
          RECOLLECT_ENGINE_BASE_URL: engine.baseUrl,
          RECOLLECT_ENGINE_MODEL: "scripted-model",
        },
      },
    );
    await expect.poll(serve.stdout, { timeout: 30_000 }).toContain('"url"');
    const { url } = JSON.parse(serve.stdout()) as { url: string };
    const base = new URL(url).origin;
    await startTurn(base, silentChat, "silent please");
    await startTurn(base, partialChat, "partial please");
    await engine.waitForRequests(2);
    // The stalled turn's words have reached the server before it is stopped.
    await new Promise((resolve) => setTimeout(resolve, 500));

    serve.child.kill("SIGTERM");
    const exit = await serve.exited;
    expect(serve.stderr()).not.toContain("database connection is not open");
    expect(exit.code).toBe(143);

    using store = openStore({ path: db, readonly: true });
    const rows = (chatId: number) =>
      store.db
        .prepare(
          "SELECT role, content, is_recollect_reply AS fixed FROM messages WHERE chat_id = ? ORDER BY id",
        )
        .all(chatId);
    expect(rows(silentChat)).toEqual([
      { role: "user", content: "silent please", fixed: 0 },
      { role: "assistant", content: STOPPED_REPLY, fixed: 1 },
    ]);
    expect(rows(partialChat)).toEqual([
      { role: "user", content: "partial please", fixed: 0 },
      { role: "assistant", content: "Half an answer", fixed: 0 },
    ]);
  }, 90_000);
});
