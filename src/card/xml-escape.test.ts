import { describe, expect, it } from "vitest";
import { escapeXml, unescapeEntities } from "./xml-escape.js";

describe("unescapeEntities", () => {
  it("decodes XML's five entities, &nbsp; and numeric references in one pass", () => {
    expect(unescapeEntities("&lt;&gt;&quot;&apos;&amp;lt;&#65;&#x42;&#X43;&nbsp;&#96;")).toBe(
      "<>\"'&lt;ABC\u00A0`",
    );
  });

  it("leaves unknown names, other cases and references to no scalar value as written", () => {
    const kept = "&copy; &LT; &#0; &#xD800; &#x110000; &#12345678; & amp; &amp";
    expect(unescapeEntities(kept)).toBe(kept);
  });

  it("reverses escapeXml for any text", () => {
    const text = `a & b < c > d " e ' f &amp; &#65; &nbsp;`;
    expect(unescapeEntities(escapeXml(text))).toBe(text);
  });
});
