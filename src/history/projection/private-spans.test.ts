import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { removePrivateSpans } from "./private-spans.js";
import { projectMessage } from "./project-message.js";

describe("removePrivateSpans", () => {
  it("removes a span with its tags, leaving the words around it apart", () => {
    expect(removePrivateSpans("Use Stripe<private>my card 4242</private>for billing")).toBe(
      "Use Stripe for billing",
    );
  });

  it("matches the tag in any case and with attributes", () => {
    expect(removePrivateSpans('a <PRIVATE reason="salary">90k</Private > b')).toBe("a   b");
    expect(removePrivateSpans("a <Private\n  note='x'>secret</PRIVATE> b")).toBe("a   b");
  });

  it("runs an unclosed span to the end of the text", () => {
    expect(removePrivateSpans("keep this <private>and never this\n\nnor this")).toBe("keep this  ");
  });

  it("nests: an inner closing tag does not end the outer span", () => {
    expect(removePrivateSpans("a <private>x <private>y</private> z</private> b")).toBe("a   b");
  });

  it("drops stray closing and self-closing tags without hiding text", () => {
    expect(removePrivateSpans("a </private> b <private/> c")).toBe("a   b  c");
  });

  it("leaves look-alike tags and prose alone", () => {
    const text = "<privateer>ship</privateer> <private-notes>n</private-notes> private matters";
    expect(removePrivateSpans(text)).toBe(text);
  });

  it("removes a span whose brackets are entity-escaped, or mixed with typed ones", () => {
    expect(removePrivateSpans("a &lt;private&gt;4242&lt;/private&gt; b")).toBe("a   b");
    expect(removePrivateSpans("a &LT;Private note=&quot;x&quot;&GT;4242&lt;/PRIVATE &gt; b")).toBe(
      "a   b",
    );
    expect(removePrivateSpans("a &lt;private&gt;4242</private> b &lt;private/&gt; c")).toBe(
      "a   b  c",
    );
    expect(removePrivateSpans("a &lt;private&gt;never closed")).toBe("a  ");
    const alike = "&lt;privateer&gt; &lt;private-notes&gt; &lt;b&gt; &amp;lt;private";
    expect(removePrivateSpans(alike)).toBe(alike);
  });

  it("never leaves a private tag behind, and removing again changes nothing", () => {
    const piece = fc.constantFrom(
      "<private>",
      "</private>",
      "<PRIVATE a=1>",
      "&lt;private&gt;",
      "&lt;/private&gt;",
      "&lt;",
      "&gt;",
      "&",
      "<",
      ">",
      "x",
      " ",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const once = removePrivateSpans(pieces.join(""));
        expect(once).not.toMatch(
          /(?:<|&lt;)\/?private(?=[\s/>]|&gt;)(?:[^<>&]|&(?!gt;))*(?:>|&gt;)/i,
        );
        expect(removePrivateSpans(once)).toBe(once);
      }),
    );
  });
});

describe("projectMessage and private spans", () => {
  it("removes them from both roles, before tags would turn them into labels", () => {
    const user = projectMessage({
      source: "jsonl",
      role: "user",
      content: "Pick a host. <private>Our AWS bill is 40k a month.</private> Cheap please.",
    });
    const assistant = projectMessage({
      source: "jsonl",
      role: "assistant",
      content: "Go with Fly.io.\n<private note='x'>internal margin 12%</private>\nDone.",
    });
    expect([user.text, assistant.text]).toEqual([
      "Pick a host. Cheap please.",
      "Go with Fly.io.\n\nDone.",
    ]);
  });
});
