import { describe, expect, it } from "vitest";
import { detectionHeadOf } from "./detection-head.js";
import { detectFormatModule, IMPORT_FORMAT_MODULES, IMPORT_FORMATS } from "./format-registry.js";

const head = (text: string) => detectionHeadOf("/tmp/x", Buffer.from(text, "utf8"));

describe("the format registry", () => {
  it("names each format once, with a label", () => {
    expect(new Set(IMPORT_FORMATS).size).toBe(IMPORT_FORMAT_MODULES.length);
    for (const module of IMPORT_FORMAT_MODULES) expect(module.label.trim()).not.toBe("");
  });

  it("picks the typed agent format before the loose generic one for the same JSONL", () => {
    // A line with the generic keys that is also a Codex record: Codex is the more specific reading.
    const line = JSON.stringify({
      timestamp: "2026-03-01T10:00:00Z",
      type: "event_msg",
      payload: { type: "user_message", message: "hi" },
      app: "a",
      chat: "c",
      role: "user",
      content: "hi",
    });
    expect(detectFormatModule(head(`${line}\n`))?.format).toBe("codex");
  });

  it("recognizes a JSONL file whose first lines are not JSON by a later record", () => {
    const generic = '{"app":"a","chat":"c","role":"user","content":"x","created_at":1}';
    expect(detectFormatModule(head(`{not json\n${generic}\n`))?.format).toBe("jsonl");
  });

  it("recognizes a UTF-16 file by its byte-order mark", () => {
    const text = '{"app":"a","chat":"c","role":"user","content":"Größe","created_at":1}\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const utf16 = detectionHeadOf("/tmp/x.jsonl", bytes);
    expect([utf16.encoding, detectFormatModule(utf16)?.format]).toEqual(["utf-16le", "jsonl"]);
  });
});
