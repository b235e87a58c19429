import type { z } from "zod";

/**
 * What a failed zod check allows, as the `allowed` part of an `InvalidInputError` ("Invalid X:
 * expected <allowed>."): `one of "a", "b"` for an enum, `a string` for a wrong type, `at least 1`
 * / `at most 20` for a bound, else zod's own message without its leading "Invalid input: ". Built
 * from the issue's typed fields, so the sentence never reads "expected Invalid option: …".
 */
export function allowedByIssue(issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return "a valid value";
  switch (issue.code) {
    case "invalid_value":
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "invalid_type":
      return /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`;
    case "too_small":
      return `${issue.origin === "string" ? "a length of " : ""}at least ${String(issue.minimum)}`;
    case "too_big":
      return `${issue.origin === "string" ? "a length of " : ""}at most ${String(issue.maximum)}`;
    case "unrecognized_keys":
      return `no keys other than the documented ones (got ${issue.keys.join(", ")})`;
    default:
      return (
        issue.message
          .replace(/^Invalid (?:input|option)(?::\s*)?/i, "")
          .replace(/^expected /, "") || "a valid value"
      );
  }
}
