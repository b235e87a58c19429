/**
 * A Claude Code or Codex session log is appended to while the session runs: imported mid-write,
 * its last line is cut. The import reads the complete lines, says which line it left, and a later
 * import of the finished file adds what that line held.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const base = { sessionId: "s-1", cwd: "/p/shop", isSidechain: false };
const user = JSON.stringify({
  ...base,
  type: "user",
  uuid: "u1",
  timestamp: "2026-01-01T00:00:00Z",
  message: { role: "user", content: "which payment provider should we use?" },
});
const reply = (id: string, text: string, second: number) =>
  JSON.stringify({
    ...base,
    type: "assistant",
    uuid: id,
    timestamp: `2026-01-01T00:00:0${second}Z`,
    message: { id, role: "assistant", content: [{ type: "text", text }] },
  });
const first = reply("a1", "Stripe: its checkout covers cards and wallets.", 1);
const second = reply("a2", "Paddle would also handle sales tax for you.", 2);

describe("recollect import of a session log cut mid-line", () => {
  it("imports the complete lines, names the cut one, and takes it once it is written", async () => {
    const db = stores.path();
    const file = join(dirname(db), "session.jsonl");
    writeFileSync(file, `${user}\n${first}\n${second.slice(0, 40)}`);
    const cut = await runCaptured(["--db", db, "--json", "import", file, "--app", "shop"]);
    expect(cut.code).toBe(0);
    const report = JSON.parse(cut.stdout) as {
      files: { torn_line: number | null; chats: number; messages: number }[];
      failures: unknown[];
    };
    expect(report.failures).toEqual([]);
    expect(
      report.files.map(({ torn_line, chats, messages }) => [torn_line, chats, messages]),
    ).toEqual([[3, 1, 2]]);
    const text = await runCaptured(["--db", db, "import", file, "--app", "shop"]);
    expect(text.stdout.split("\n")[0]).toMatch(/\(line 3 cut off, left for the next import\)$/);

    // The session writes the rest of the line: the next import adds its message.
    appendFileSync(file, `${second.slice(40)}\n`);
    const done = await runCaptured(["--db", db, "--json", "import", file, "--app", "shop"]);
    const after = JSON.parse(done.stdout) as typeof report;
    expect(
      after.files.map(({ torn_line, chats, messages }) => [torn_line, chats, messages]),
    ).toEqual([[null, 0, 1]]);
  });

  it("cuts in the decoded text: a UTF-16 log's two-byte newline is no cut line", async () => {
    const db = stores.path();
    const file = join(dirname(db), "session.jsonl");
    const utf16 = (text: string) =>
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    writeFileSync(file, utf16(`${user}\n${first}\n`));
    const whole = await runCaptured(["--db", db, "--json", "import", file, "--app", "shop"]);
    const report = JSON.parse(whole.stdout) as {
      files: { torn_line: number | null; messages: number }[];
    };
    expect(report.files.map(({ torn_line, messages }) => [torn_line, messages])).toEqual([
      [null, 2],
    ]);
    writeFileSync(file, utf16(`${user}\n${first}\n${second.slice(0, 40)}`));
    const cut = await runCaptured(["--db", db, "--json", "import", file, "--app", "shop"]);
    const after = JSON.parse(cut.stdout) as typeof report;
    expect(after.files.map(({ torn_line, messages }) => [torn_line, messages])).toEqual([[3, 0]]);
  });

  it("still rejects a file whose cut line is not the last", async () => {
    const db = stores.path();
    const file = join(dirname(db), "session.jsonl");
    writeFileSync(file, `${user}\n${first.slice(0, 40)}\n${second}\n`);
    const run = await runCaptured(["--db", db, "import", file, "--app", "shop"]);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain(`rejected ${file}:2: not valid JSON (truncated or corrupt line)`);
  });
});
