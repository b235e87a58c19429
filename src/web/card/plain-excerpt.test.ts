import { describe, expect, it } from "vitest";
import { plainExcerpt } from "./plain-excerpt.js";

describe("plainExcerpt", () => {
  it("drops heading, emphasis, code, link and quote markers and keeps the words", () => {
    expect(
      plainExcerpt(
        "## Decision\n> We chose **Postgres** over _DynamoDB_ (see [the RFC](https://x.test/rfc)).\nRun `npm test`, ~~not~~ *always*.",
      ),
    ).toBe("Decision\nWe chose Postgres over DynamoDB (see the RFC).\nRun npm test, not always.");
  });

  it("keeps code inside fences, list markers and identifiers with underscores or stars", () => {
    expect(plainExcerpt("```ts\nconst max_pool = 2 * 5;\n```\n- item_one\n- 3 * 4 = 12")).toBe(
      "const max_pool = 2 * 5;\n\n- item_one\n- 3 * 4 = 12",
    );
  });

  it("leaves plain text as it is", () => {
    expect(plainExcerpt("We will use JWT access tokens with a 15 minute expiry.")).toBe(
      "We will use JWT access tokens with a 15 minute expiry.",
    );
  });
});
