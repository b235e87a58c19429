import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect-format.js";
import { corpusFile } from "./testing/corpus.js";

const detect = (text: string) => detectFormat(Buffer.from(text, "utf8"));
const detectCorpus = (folder: string, name: string) =>
  detectFormat(readFileSync(corpusFile(folder, name)).subarray(0, 1024 * 1024));

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
    expect(detectFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toBeNull();
    expect(detect("[1, 2, 3]")).toBeNull();
  });

  it("tells generic JSONL and SQLite apart from the agent formats", () => {
    expect(detect('{"app":"a","chat":"c","role":"user","content":"x","created_at":1}\n')).toBe(
      "jsonl",
    );
    expect(detectFormat(Buffer.from("SQLite format 3\u0000rest", "latin1"))).toBe("dyad");
  });
});
