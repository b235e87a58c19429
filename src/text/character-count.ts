/**
 * How Recollect counts the characters of a length bound (a question, a search query, a web
 * message): Unicode code points, as the docs say "characters" and as JSON Schema's `maxLength`
 * counts them, never UTF-16 units (`String.length`, zod's `.max()`), which count an emoji or a
 * rarer CJK ideograph twice and so reached the bound at half the documented length.
 */
import type { z } from "zod";

/** The number of Unicode code points in `text` (a lone surrogate counts as one). Pure. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * `schema` bounded to at most `max` characters ({@link characterCount}): over it, zod reports a
 * `too_big` issue (`origin` string, `maximum` `max`, `input` the value as checked, after any
 * `.trim()` before it), as `.max()` does; the published JSON Schema says `maxLength: max`, which
 * JSON Schema itself counts in code points.
 */
export function maxCharacters(schema: z.ZodString, max: number): z.ZodString {
  return schema
    .check((payload) => {
      if (characterCount(payload.value) <= max) return;
      payload.issues.push({
        code: "too_big",
        origin: "string",
        maximum: max,
        inclusive: true,
        input: payload.value,
        message: `Too big: expected string to have <=${max} characters`,
      });
    })
    .meta({ maxLength: max });
}
