/**
 * A message longer than `recollect read` shows: `--whole` lets a person checking a cited message
 * see all of it, `--focus` the part naming the words they look for, while the default read keeps
 * the read_chat primitive's 2,400-char cut and says how to see the rest. Real store, imported
 * through `recollect import`.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
let db = "";
const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);
afterEach(() => stores.cleanup());

const FILLER = "The mapper draws each connection as an SVG path between two cards. ".repeat(40);
const ANSWER = "The lines had no colour because hsl() was given an oklch variable.";
const HINT = "(a truncated message is cut at 2,400 chars: --whole shows up to 8,000)";

beforeEach(async () => {
  db = stores.path();
  expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
  const file = join(dirname(db), "mapper.jsonl");
  const line = (role: string, content: string, at: number) =>
    JSON.stringify({ app: "mapper", chat: "c1", role, content, created_at: at });
  writeFileSync(
    file,
    [
      line("user", "Why are the connection lines invisible?", 1),
      line("assistant", `${FILLER}${ANSWER}`, 2),
    ].join("\n"),
  );
  expect((await recollect(["import", file])).code).toBe(0);
});

describe("recollect read --whole", () => {
  it("cuts a long message at 2,400 chars by default and says --whole shows the rest", async () => {
    const read = await recollect(["read", "--app", "mapper", "--chat", "1", "--around", "2"]);
    expect(read.code).toBe(0);
    expect(read.stdout).not.toContain(ANSWER);
    expect(read.stdout).toContain("(truncated)");
    expect(read.stdout.trimEnd().endsWith(HINT)).toBe(true);
  });

  it("shows the whole message, in the text and in --json, with no cut flag or hint", async () => {
    const args = ["read", "--app", "mapper", "--chat", "1", "--around", "2", "--whole"];
    const text = await recollect(args);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(ANSWER);
    expect(text.stdout).not.toContain("truncated");
    const json = await recollect(["--json", ...args]);
    const messages = (
      JSON.parse(json.stdout) as {
        messages: { content: string; projection_truncated: boolean }[];
      }
    ).messages;
    expect(messages[1]).toMatchObject({
      content: `${FILLER}${ANSWER}`.trim(),
      projection_truncated: false,
    });
  });

  it("says a message cut at the projection's 8,000 chars is cut there, read whole", async () => {
    const file = join(dirname(db), "long.jsonl");
    const long = "Every card keeps its own colour variable for the connection lines. ".repeat(150);
    writeFileSync(
      file,
      JSON.stringify({ app: "long", chat: "c1", role: "user", content: long, created_at: 1 }),
    );
    expect((await recollect(["import", file])).code).toBe(0);
    const read = await recollect(["read", "--app", "long", "--chat", "2", "--whole"]);
    expect(read.stdout).toContain("(truncated)");
    expect(
      read.stdout
        .trimEnd()
        .endsWith("(a truncated message is cut at 8,000 chars, the most the index keeps of one)"),
    ).toBe(true);
  });

  it("says so when a page's offset is past the chat's end", async () => {
    const page = await recollect(["read", "--app", "mapper", "--chat", "1", "--offset", "50"]);
    expect(page.code).toBe(0);
    expect(page.stdout).toContain("(no messages from this offset: the chat ends before it)");
  });

  it("reads a page from the chat's start whole as well", async () => {
    const page = await recollect(["read", "--app", "mapper", "--chat", "1", "--whole"]);
    expect(page.code).toBe(0);
    expect(page.stdout).toContain(ANSWER);
  });
});

describe("recollect read --focus", () => {
  const around = ["read", "--app", "mapper", "--chat", "1", "--around", "2"];

  it("shows the stretch naming the focus words, cut marks on both ends it was cut at", async () => {
    const read = await recollect(["--json", ...around, "--focus", "why oklch"]);
    expect(read.code).toBe(0);
    const messages = (
      JSON.parse(read.stdout) as { messages: { content: string; projection_truncated: boolean }[] }
    ).messages;
    expect(messages[1]?.projection_truncated).toBe(true);
    expect(messages[1]?.content.startsWith("…")).toBe(true);
    expect(messages[1]?.content.endsWith(ANSWER)).toBe(true);
    expect(messages[1]?.content.length).toBeLessThanOrEqual(2_400);
  });

  it("keeps the head when the focus names nothing past it", async () => {
    const plain = await recollect(around);
    const focused = await recollect([...around, "--focus", "connection lines"]);
    expect(focused.code).toBe(0);
    expect(focused.stdout).toBe(plain.stdout);
  });

  it("refuses --focus with --whole, and a focus over 500 characters, writing nothing", async () => {
    const both = await recollect(["--json", ...around, "--focus", "oklch", "--whole"]);
    expect(both.code).toBe(2);
    expect(JSON.parse(both.stderr)).toMatchObject({
      error: { kind: "invalid_input", argument: "--focus" },
    });
    const long = await recollect(["--json", ...around, "--focus", "x".repeat(501)]);
    expect(long.code).toBe(2);
    expect(JSON.parse(long.stderr)).toMatchObject({
      error: { kind: "invalid_input", argument: "--focus" },
    });
    expect(long.stdout).toBe("");
  });
});
