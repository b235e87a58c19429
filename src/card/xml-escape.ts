/**
 * Entity escaping, both ways, in one place: card attributes and bodies are written with the five
 * predefined XML entities, and read back — as is the stored text of sources that HTML-escape it
 * (SpecStory: `&amp;&amp;`, `2&gt;&amp;1`, `&#96;`; FORMATS.md § 1.3) — by the one decoder here.
 */

/** Escapes text for an XML attribute value or element body (`& < > " '`). Pure. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The named entities decoded: XML's five, and HTML's `&nbsp;` (U+00A0), which HTML-escaping
 * exports write. Names are case-sensitive, as in HTML (`&LT;` stays).
 */
const NAMED: ReadonlyMap<string, string> = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["nbsp", "\u00A0"],
]);

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,6}));/g;

/**
 * Decodes the named entities above and numeric references (`&#65;`, `&#x41;`, `&#X41;`) in one
 * pass, so `&amp;lt;` becomes `&lt;`, not `<`. A numeric reference decodes only to a Unicode
 * scalar value (1–0x10FFFF, no surrogate); that and any other `&…;` (unknown names, `&#0;`,
 * `&#xD800;`) stay as written. Pure, never throws, linear in the input length.
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
