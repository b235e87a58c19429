import { describe, expect, it } from "vitest";
import { reportFixture } from "../card/testing/report-fixture.js";
import { exploreToolResult } from "./tool-results.js";

describe("exploreToolResult", () => {
  it("escapes control and bidirectional characters of the echoed question in its text, not its data", () => {
    const query = "auth\u001b[31m\u0007\u202Edone";
    const result = exploreToolResult(reportFixture({ query }));
    const [text] = result.content;
    expect(text?.type).toBe("text");
    const shown = text?.type === "text" ? text.text : "";
    expect(shown).toContain("auth\\u{1B}[31m\\u{7}\\u{202E}done");
    for (const raw of ["\u0007", "\u001b", "\u202e"]) expect(shown).not.toContain(raw);
    expect(shown).toContain("\n");
    expect(result.structuredContent?.query).toBe(query);
  });
});
