import { type ChildProcess, spawn } from "node:child_process";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import {
  claudeLine,
  claudeSession,
  createFixtureMachine,
  type FixtureMachine,
} from "../../sync/testing/machine-fixture.js";
import { createTempStores } from "./testing/run-captured.js";
import { startRecollectChild } from "./testing/run-child.js";

const BIN = fileURLToPath(new URL("../../../bin/recollect.js", import.meta.url));
const stores = createTempStores();
const machines: FixtureMachine[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  stores.cleanup();
  for (const machine of machines.splice(0)) machine.cleanup();
});

/** Resolves once `read()` satisfies `done`, polling; rejects after `timeoutMs`. */
async function waitFor(read: () => string, done: (text: string) => boolean, timeoutMs = 20_000) {
  const start = Date.now();
  while (!done(read())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out; saw: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A machine (removed after the test) with one Claude Code session of `code/shop`: a question, `reply`. */
function machineWithSession(reply: string): { m: FixtureMachine; shop: string; session: string } {
  const m = createFixtureMachine();
  machines.push(m);
  const shop = m.project("code/shop");
  const session = m.write(
    ".claude/projects/-code-shop/s1.jsonl",
    claudeSession("s1", shop, [
      { role: "user", text: "Which queue?" },
      { role: "assistant", text: reply },
    ]),
  );
  return { m, shop, session };
}

describe("recollect sync --watch (a real child process)", () => {
  it("syncs an appended turn, and Ctrl-C stops it with the store consistent", async () => {
    const { m, shop, session } = machineWithSession("SQS, for its dead-letter queues.");
    const db = stores.path();
    const child = spawn(process.execPath, [BIN, "--db", db, "--json", "sync", "--watch"], {
      env: { ...process.env, HOME: m.home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => {
      stdout += String(chunk);
    });
    child.stderr!.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));

    await waitFor(
      () => stderr,
      (text) => text.includes("watching for changes"),
    );
    m.append(session, claudeLine("s1", shop, { role: "user", text: "And retries?" }, 2));
    await waitFor(
      () => stdout,
      (text) => text.trim().split("\n").length >= 2,
    );
    const passes = stdout
      .trim()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as { sources: { source: string; messages: number }[]; indexed: number },
      );
    expect(passes.map((pass) => [pass.sources[0]!.messages, pass.indexed])).toEqual([
      [2, 2],
      [1, 1],
    ]);

    child.kill("SIGINT");
    // 128 + SIGINT's 2, after the pass in progress finished (cli/stop-signals.ts).
    expect(await exited).toBe(130);
    expect(JSON.parse(stderr.trim().split("\n").at(-1)!)).toEqual({
      error: { kind: "aborted", message: "Stopped by SIGINT.", exit_code: 130, signal: "SIGINT" },
    });
    using store = openStore({ path: db });
    expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all()).toEqual([
      "Which queue?",
      "SQS, for its dead-letter queues.",
      "And retries?",
    ]);
    expect(store.db.prepare("SELECT count(*) FROM history_dirty_messages").pluck().get()).toBe(0);
    expect(store.db.prepare("SELECT imported_bytes FROM source_files").pluck().get()).toBe(
      statSync(session).size,
    );
  }, 60_000);

  it("keeps watching after a failed first pass, retries it, and picks up the next change", async () => {
    const { m, shop, session } = machineWithSession("SQS.");
    const db = stores.path();
    openStore({ path: db }).close();
    // Another writer holds the store: every write of the first pass fails at once (busy timeout 0).
    const holder = new Database(db);
    holder.exec("BEGIN IMMEDIATE");
    const running = startRecollectChild(["--db", db, "--json", "sync", "--watch"], {
      env: { HOME: m.home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "", RECOLLECT_BUSY_TIMEOUT_MS: "0" },
    });
    const { child } = running;
    children.push(child);
    const stdout = () => running.stdout();
    const stderr = () => running.stderr();
    try {
      await waitFor(stderr, (text) => text.includes("watching for changes"));
      // Before the fix the process exited 13 about 2 s after its failed first pass.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(child.exitCode).toBeNull();
      expect(stderr()).toMatch(/^recollect: sync failed: .*; retrying in 1 s$/m);
    } finally {
      holder.exec("COMMIT");
      holder.close();
    }
    // A retry (backoff: 1 s, 2 s, 4 s…) syncs the session; then a change is picked up.
    await waitFor(stdout, (text) => text.includes("\n"));
    m.append(session, claudeLine("s1", shop, { role: "user", text: "And retries?" }, 2));
    await waitFor(stdout, (text) => text.trim().split("\n").length >= 2);
    const messages = stdout()
      .trim()
      .split("\n")
      .map(
        (line) => (JSON.parse(line) as { sources: { messages: number }[] }).sources[0]!.messages,
      );
    expect(messages).toEqual([2, 1]);
    child.kill("SIGINT");
    expect((await running.exited).code).toBe(130);
  }, 60_000);
});
