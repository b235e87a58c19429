/**
 * An evidence excerpt as plain text. Excerpts are verbatim archival text, often markdown; the card
 * shows them as quoted text (never rendered: an excerpt is cut mid-structure), so markers such as
 * `**`, `##` and `[text](url)` would show raw. Pure; keeps every word and line break.
 */

/** Each rule: a pattern and its replacement, applied in order. */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^[ \t]{0,3}#{1,6}[ \t]+/gm, ""], // ATX heading markers
  [/^[ \t]{0,3}>[ \t]?/gm, ""], // blockquote markers
  [/^[ \t]*```[^\n]*$/gm, ""], // code fences (the code itself stays)
  [/!?\[([^\]\n]*)\]\([^)\n]*\)/g, "$1"], // links and images: their text
  [/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, "$2"], // strong
  [/~~(?=\S)([^\n]*?\S)~~/g, "$1"], // strikethrough
  [/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, "$1$2"], // emphasis with *
  [/(^|[^\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, "$1$2"], // emphasis with _ (never inside snake_case)
  [/`([^`\n]+)`/g, "$1"], // inline code
];

/** `text` without markdown markers; the words, their order and the line breaks stay. */
export function plainExcerpt(text: string): string {
  return RULES.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  )
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
