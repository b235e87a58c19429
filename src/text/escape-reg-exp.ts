/** `text` with every regular-expression metacharacter escaped, to match it literally. Pure. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
