import { describe, expect, it } from "vitest";
import { NAME_MAX_BYTES, PATH_MAX_BYTES, storePathExcess } from "./store-path-limits.js";

describe("storePathExcess", () => {
  it("passes a path whose store and companion files fit, and refuses one that does not", () => {
    // ".telemetry.jsonl" follows the store's name: the longest companion name is 16 bytes longer.
    const fits = `/tmp/${"a".repeat(NAME_MAX_BYTES - 19)}.db`;
    expect(storePathExcess(fits)).toBeNull();
    expect(storePathExcess(`/tmp/${"a".repeat(NAME_MAX_BYTES - 18)}.db`)).toMatch(
      /^a name of 256 bytes/,
    );
    // Bytes, not characters: 100 two-byte letters are a 200-byte name.
    expect(storePathExcess(`/tmp/${"é".repeat(100)}/x.db`)).toBeNull();
    expect(storePathExcess(`/tmp/${"é".repeat(128)}/x.db`)).toMatch(/^a name of 256 bytes/);
    const deep = `/${Array.from({ length: 20 }, () => "d".repeat(200)).join("/")}/x.db`;
    expect(storePathExcess(deep)).toBeNull(); // 4,041 bytes with /x.db.telemetry.jsonl
    const deeper = `/${Array.from({ length: 21 }, () => "d".repeat(200)).join("/")}/x.db`;
    expect(storePathExcess(deeper)).toBe(
      "a path of 4,242 bytes with its companion files (at most 4,095)",
    );
    expect(PATH_MAX_BYTES).toBe(4095);
  });
});
