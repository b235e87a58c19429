import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { detectFileFormat, detectFormat } from "./detect-format.js";
import { detectionHeadOf } from "./detection-head.js";
import { corpusFile } from "./testing/corpus.js";
import { writeDyadFixture } from "./testing/dyad-fixture.js";
import { createTempDirs } from "./testing/temp-dir.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const detect = (text: string) => detectFormat(detectionHeadOf("/tmp/x", Buffer.from(text, "utf8")));
const detectCorpus = (folder: string, name: string) => detectFileFormat(corpusFile(folder, name));

describe("detectFormat", () => {
  it("recognizes every corpus format by content", () => {
    expect(detectCorpus("aider", "AndreasDebel__HaaV-CatalogService__.aider.chat.history.md")).toBe(
      "aider",
    );
    expect(detectCorpus("cline", "haram-333__fineye__ui_messages.json")).toBe("cline");
    expect(
      detectCorpus("codex-jsonl", "pinouchon__rtchess__dev_history__exported-session.jsonl"),
    ).toBe("codex");
    expect(
      detectCorpus(
        "claude-code-jsonl",
        "Ri5ha6h__tan-mapper-app__entire-checkpoints-v1__f0__d2b4c4f77f__2__full.jsonl",
      ),
    ).toBe("claude-code");
    expect(
      detectCorpus(
        "specstory",
        "Bucur21__PaperBites__2026-04-09_19-38-27Z-docx-document-editing-capabilities.md",
      ),
    ).toBe("specstory");
  });

  it("says null for metadata, prose, empty and binary files", () => {
    expect(detectCorpus("specstory", "Bucur21__PaperBites__statistics.json")).toBeNull();
    expect(
      detectCorpus(
        "claude-code-jsonl",
        "Ri5ha6h__tan-mapper-app__entire-checkpoints-v1__f0__d2b4c4f77f__2__metadata.json",
      ),
    ).toBeNull();
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
