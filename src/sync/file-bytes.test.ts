import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prefixFingerprint, snapshotReader, WHOLE_READ_MAX_BYTES } from "./file-bytes.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(bytes: number): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-bytes-"));
  dirs.push(dir);
  const path = join(dir, "log.jsonl");
  writeFileSync(path, Buffer.from(Array.from({ length: bytes }, (_, index) => 97 + (index % 26))));
  return path;
}

describe("snapshotReader", () => {
  it("reads a small file once: later ranges come from that read, not from what the file became", () => {
    const path = file(1000);
    const read = snapshotReader(path, 1000);
    const fingerprint = prefixFingerprint(path, 1000, read);
    writeFileSync(path, "rewritten after the first read");
    expect(read(10, 5).toString()).toBe("klmno");
    expect(prefixFingerprint(path, 1000, read)).toBe(fingerprint);
    // Never past the size it was given.
    expect(read(990, 100)).toHaveLength(10);
  });

  it("reads a large file range by range, bounded by the size it was stat-ed at", () => {
    const size = WHOLE_READ_MAX_BYTES + 10;
    const path = file(size);
    const read = snapshotReader(path, size);
    expect(prefixFingerprint(path, size, read)).toBe(prefixFingerprint(path, size));
    appendFileSync(path, "grown");
    expect(read(size - 4, 100)).toHaveLength(4);
  });
});
