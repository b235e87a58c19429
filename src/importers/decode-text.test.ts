import { describe, expect, it } from "vitest";
import { decodeText } from "./decode-text.js";

const utf16le = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
const utf16be = (text: string) => {
  const body = Buffer.from(text, "utf16le");
  body.swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), body]);
};

describe("decodeText", () => {
  it("reads plain UTF-8 and says so", () => {
    expect(decodeText(Buffer.from("café ☕", "utf8"))).toEqual({
      text: "café ☕",
      encoding: "utf-8",
    });
  });

  it("cuts a UTF-8 byte-order mark and names it", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}', "utf8")]);
    expect(decodeText(bytes)).toEqual({ text: '{"a":1}', encoding: "utf-8-bom" });
  });

  it("reads UTF-16 LE and BE by their byte-order marks", () => {
    expect(decodeText(utf16le("Größe 😀"))).toEqual({ text: "Größe 😀", encoding: "utf-16le" });
    expect(decodeText(utf16be("Größe 😀"))).toEqual({ text: "Größe 😀", encoding: "utf-16be" });
  });

  it("reads bytes that are not valid UTF-8 as Windows-1252, keeping every accent", () => {
    // "Où est le café — 5 €" in Windows-1252: é = 0xE9, ù = 0xF9, — = 0x97, € = 0x80.
    const bytes = Buffer.from([
      0x4f, 0xf9, 0x20, 0x65, 0x73, 0x74, 0x20, 0x6c, 0x65, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x20,
      0x97, 0x20, 0x35, 0x20, 0x80,
    ]);
    expect(decodeText(bytes)).toEqual({ text: "Où est le café — 5 €", encoding: "windows-1252" });
  });

  it("says null for binary bytes without a byte-order mark", () => {
    expect(decodeText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toBeNull();
  });

  it("reports bytes that break the encoding their byte-order mark announces", () => {
    const broken = Buffer.from([0xef, 0xbb, 0xbf, 0x63, 0xe9, 0x20]);
    expect(decodeText(broken)).toEqual({ encoding: "utf-8-bom", problem: "invalid-after-bom" });
    // A lone high surrogate is not valid UTF-16.
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x3d, 0xd8, 0x41, 0x00]))).toEqual({
      encoding: "utf-16le",
      problem: "invalid-after-bom",
    });
  });

  it("accepts a head cut inside a multi-byte character when told it is partial", () => {
    const cut = Buffer.from("ab€", "utf8").subarray(0, 4);
    expect(decodeText(cut, { partial: true })).toEqual({ text: "ab", encoding: "utf-8" });
    expect(decodeText(cut)).toEqual({ text: "ab\u00e2\u201a", encoding: "windows-1252" });
  });
});
