/** Named HTML entities seen in real exports (SpecStory escapes summaries and outputs). */
const NAMED: ReadonlyMap<string, string> = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["nbsp", " "],
]);

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,6}));/g;

/**
 * Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric entities (valid
 * Unicode scalar values only) in one pass, so `&amp;lt;` becomes `&lt;`, not `<`. Unknown
 * entities stay as written. Pure.
 */
export function unescapeEntities(text: string): string {
  return text.replace(ENTITY, (match, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED.get(name) ?? match;
    const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? "", 16);
    const valid =
      codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return valid ? String.fromCodePoint(codePoint) : match;
  });
}
