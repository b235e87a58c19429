import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DETECT_HEAD_BYTES, readDetectionHead } from "./detection-head.js";
import { detectFormatModule } from "./format-registry.js";
import { MAX_JSON_LINE_BYTES } from "./formats/json-lines.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-head-"));
  dirs.push(dir);
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const record = (content: string, at: number) =>
  JSON.stringify({ app: "a", chat: "c", role: "user", content, created_at: at });

describe("readDetectionHead", () => {
  it("reads on to the end of a JSON Lines line 1 longer than the head, so the format is found", () => {
    const long = record("x".repeat(2 * DETECT_HEAD_BYTES), 1);
    for (const text of [`${long}\n${record("next", 2)}\n`, long]) {
      const head = readDetectionHead(file("long.jsonl", text));
      expect(head.jsonRecords).toHaveLength(text === long ? 1 : 2);
      expect(head.firstLineTooLong).toBe(false);
      expect(detectFormatModule(head)?.format).toBe("jsonl");
    }
  });

  it("stops past MAX_JSON_LINE_BYTES and says line 1 is too long, recognizing nothing", () => {
    const head = readDetectionHead(file("huge.jsonl", record("x".repeat(MAX_JSON_LINE_BYTES), 1)));
    expect(head.bytes.length).toBeGreaterThan(MAX_JSON_LINE_BYTES);
    expect(head.bytes.length).toBeLessThanOrEqual(MAX_JSON_LINE_BYTES + 2 * DETECT_HEAD_BYTES);
    expect([head.firstLineTooLong, head.jsonRecords, detectFormatModule(head)]).toEqual([
      true,
      [],
      null,
    ]);
  });

  it("reads only the head of a long text that is not an unended JSON line", () => {
    const markdown = `# notes\n${"word ".repeat(DETECT_HEAD_BYTES)}`;
    const head = readDetectionHead(file("notes.md", markdown));
    expect(head.bytes.length).toBe(DETECT_HEAD_BYTES);
    expect(head.firstLineTooLong).toBe(false);
  });
});
