import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { detectFileFormat, detectFormat } from "./detect-format.js";
import { detectionHeadOf } from "./detection-head.js";
import { writeDyadFixture } from "./testing/dyad-fixture.js";
import {
  AIDER_HISTORY,
  CLAUDE_CODE_METADATA,
  CLAUDE_CODE_SESSION,
  CLINE_TASK,
  CODEX_SESSION,
  SPECSTORY_CURSOR,
  SPECSTORY_STATISTICS,
  SPECSTORY_V1,
} from "./testing/synthetic-histories.js";
import { createTempDirs } from "./testing/temp-dir.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const detect = (text: string) => detectFormat(detectionHeadOf("/tmp/x", Buffer.from(text, "utf8")));

describe("detectFormat", () => {
  it("recognizes every agent format by content", () => {
    expect(detect(AIDER_HISTORY)).toBe("aider");
    expect(detect(CLINE_TASK)).toBe("cline");
    expect(detect(CODEX_SESSION)).toBe("codex");
    expect(detect(CLAUDE_CODE_SESSION)).toBe("claude-code");
    expect(detect(SPECSTORY_CURSOR)).toBe("specstory");
    expect(detect(SPECSTORY_V1)).toBe("specstory");
  });

  it("says null for metadata, prose, empty and binary files", () => {
    expect(detect(SPECSTORY_STATISTICS)).toBeNull();
    expect(detect(CLAUDE_CODE_METADATA)).toBeNull();
    expect(detect("# Notes\n\nJust a README.\n")).toBeNull();
    expect(detect("")).toBeNull();
    expect(
      detectFormat(detectionHeadOf("/tmp/x.png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1]))),
    ).toBeNull();
    expect(detect("[1, 2, 3]")).toBeNull();
  });

  it("tells generic JSONL apart from the agent formats", () => {
    expect(detect('{"app":"a","chat":"c","role":"user","content":"x","created_at":1}\n')).toBe(
      "jsonl",
    );
  });

  it("recognizes a Dyad database by its tables, and no other SQLite file", () => {
    const dir = temp.make();
    writeDyadFixture(join(dir, "dyad.db"), { modern: true });
    const other = new Database(join(dir, "cache.sqlite"));
    other.exec("CREATE TABLE entries (key TEXT, value BLOB)");
    other.close();
    writeFileSync(join(dir, "fake.db"), Buffer.from("SQLite format 3\u0000rest", "latin1"));
    expect(detectFileFormat(join(dir, "dyad.db"))).toBe("dyad");
    expect(detectFileFormat(join(dir, "cache.sqlite"))).toBeNull();
    expect(detectFileFormat(join(dir, "fake.db"))).toBeNull();
  });
});
