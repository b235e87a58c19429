import { describe, expect, it } from "vitest";
import { termVector } from "./score-messages.js";

describe("termVector", () => {
  it("counts what a message says, not the projection's labels for the tools it ran", () => {
    const vector = termVector(
      "Implementing the auth plan. [tool-use: read_file_v2] [tool-use: edit_file_v2] [code: bash]",
    );
    expect([...vector.tf]).toEqual([
      ["implement", 1],
      ["auth", 1],
      ["plan", 1],
    ]);
    expect(vector.length).toBe(3);
  });
});
