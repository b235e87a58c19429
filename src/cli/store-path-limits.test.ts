import { describe, expect, it } from "vitest";
import { NAME_MAX_BYTES, PATH_MAX_BYTES, storePathExcess } from "./store-path-limits.js";

describe("storePathExcess", () => {
  it("passes a path whose store and companion files fit, and refuses one that does not", () => {
    // ".telemetry.jsonl" replaces ".db": the longest companion name is 13 bytes longer.
    const fits = `/tmp/${"a".repeat(NAME_MAX_BYTES - 16)}.db`;
    expect(storePathExcess(fits)).toBeNull();
    expect(storePathExcess(`/tmp/${"a".repeat(NAME_MAX_BYTES - 15)}.db`)).toMatch(
      /^a name of 256 bytes/,
    );
    // Bytes, not characters: 100 two-byte letters are a 200-byte name.
    expect(storePathExcess(`/tmp/${"é".repeat(100)}/x.db`)).toBeNull();
    expect(storePathExcess(`/tmp/${"é".repeat(128)}/x.db`)).toMatch(/^a name of 256 bytes/);
    const deep = `/${Array.from({ length: 20 }, () => "d".repeat(200)).join("/")}/x.db`;
    expect(storePathExcess(deep)).toBeNull(); // 4,038 bytes with /x.telemetry.jsonl
    const deeper = `/${Array.from({ length: 21 }, () => "d".repeat(200)).join("/")}/x.db`;
    expect(storePathExcess(deeper)).toBe(
      "a path of 4,239 bytes with its companion files (at most 4,095)",
    );
    expect(PATH_MAX_BYTES).toBe(4095);
  });
});
