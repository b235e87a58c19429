import { describe, expect, it } from "vitest";
import { MAX_QUOTED_CHARACTERS, quotedValue } from "./quoted-value.js";

describe("quotedValue", () => {
  it("quotes a value up to the bound whole, escaping quotes and control characters", () => {
    const whole = `${"a".repeat(MAX_QUOTED_CHARACTERS - 2)}"\n`;
    expect(quotedValue(whole)).toBe(`"${"a".repeat(MAX_QUOTED_CHARACTERS - 2)}\\"\\u{A}"`);
  });

  it("cuts a longer value at the bound in code points and says how long it was", () => {
    const emoji = "😀".repeat(5_000);
    expect(quotedValue(emoji)).toBe(
      `"${"😀".repeat(MAX_QUOTED_CHARACTERS - 1)}…" (5000 characters)`,
    );
  });
});
