import { describe, expect, it } from "vitest";
import { segmentMessage } from "../card/segment-message.js";
import { visibleSegments } from "./visible-segments.js";

describe("visibleSegments", () => {
  it("cuts private spans and credentials from text runs and from a card's fields once read back", () => {
    const content =
      "Before <private>the margin</private> after.\n" +
      '<dyad-read-chat chat_id="1">Kept &lt;private&gt;the kickback&lt;/private&gt; and key sk-abcdefghijklmnopqrstu.</dyad-read-chat>';
    const raw = JSON.stringify(segmentMessage(content));
    expect(raw).toContain("the kickback");
    const visible = visibleSegments(segmentMessage(content));
    expect(visible.map((segment) => segment.kind)).toEqual(["text", "card"]);
    expect(visible[0]).toEqual({ kind: "text", text: "Before   after.\n" });
    const shown = JSON.stringify(visible);
    for (const hidden of ["margin", "kickback", "sk-abc"]) expect(shown).not.toContain(hidden);
    expect(shown).toContain("[REDACTED]");
  });
});
