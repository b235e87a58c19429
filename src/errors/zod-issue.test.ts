import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allowedByIssue } from "./zod-issue.js";

const firstIssue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0];

describe("allowedByIssue", () => {
  it("says what is allowed from the issue's fields, never zod's own sentence", () => {
    expect(allowedByIssue(firstIssue(z.enum(["always", "ask", "never"]), "maybe"))).toBe(
      'one of "always", "ask", "never"',
    );
    expect(allowedByIssue(firstIssue(z.literal("pro"), "free"))).toBe('"pro"');
    expect(allowedByIssue(firstIssue(z.string(), 5))).toBe("a string");
    expect(allowedByIssue(firstIssue(z.array(z.string()), 5))).toBe("an array");
    expect(allowedByIssue(firstIssue(z.string().min(1), ""))).toBe("a length of at least 1");
    expect(allowedByIssue(firstIssue(z.number().max(20), 50))).toBe("at most 20");
    expect(allowedByIssue(firstIssue(z.strictObject({}), { extra: 1 }))).toBe(
      "no keys other than the documented ones (got extra)",
    );
    expect(allowedByIssue(undefined)).toBe("a valid value");
  });
});
