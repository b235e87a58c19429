/**
 * XML escaping for card attributes and bodies: the five predefined entities out, and back in
 * together with numeric references (imported histories write `&#39;`, `&#x27;` and `&apos;`).
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
 * Reverses XML escaping of the five predefined entities and numeric references (code points
 * 1–0x10FFFF). Any other `&…;` is left as written. Pure.
 */
export function unescapeEntities(text: string): string {
  return text.replace(
    /&(lt|gt|quot|apos|amp|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g,
    (whole, name: string) => {
      switch (name) {
        case "lt":
          return "<";
        case "gt":
          return ">";
        case "quot":
          return '"';
        case "apos":
          return "'";
        case "amp":
          return "&";
        default: {
          const code = name.startsWith("#x")
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1));
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
      }
    },
  );
}
