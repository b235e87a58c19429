/**
 * `<private>…</private>` spans: the convention agents' users write to keep text out of memory
 * tools. They are cut before anything else in the projection, so their text is never indexed,
 * excerpted, read back or shown to a model — and it is cut before tags become labels, which would
 * otherwise keep the span's words.
 */

/**
 * Opening or closing `private` tag in any case, with or without attributes (`<private>`,
 * `<PRIVATE reason="x">`, `</Private >`, `<private/>`); not `<privateer>` or `<private-notes>`.
 */
const PRIVATE_TAG = /<(\/?)private(?=[\s/>])[^<>]{0,400}>/gi;

/** Cheap pre-check: no `<private` (any case) means nothing to cut. */
const PRIVATE_HINT = /<\/?private/i;

/** What a removed span leaves: a space, so the words on either side stay apart. */
const GAP = " ";

/**
 * Returns `text` with every private span removed, tags included. Spans nest (an inner closing tag
 * does not end the outer span); an unclosed span runs to the end of the text (fail closed); a stray
 * closing tag and a self-closing `<private/>` are removed and hide nothing. Pure, idempotent,
 * linear in the input length.
 */
export function removePrivateSpans(text: string): string {
  if (!PRIVATE_HINT.test(text)) return text;
  let out = "";
  let depth = 0;
  let keptFrom = 0;
  for (const match of text.matchAll(PRIVATE_TAG)) {
    const at = match.index;
    const closing = match[1] === "/";
    const selfClosing = !closing && match[0].endsWith("/>");
    if (depth === 0) out += text.slice(keptFrom, at);
    if (closing) {
      if (depth > 0) depth -= 1;
      if (depth === 0) out += GAP;
    } else if (!selfClosing) {
      depth += 1;
    }
    keptFrom = at + match[0].length;
  }
  if (depth === 0) out += text.slice(keptFrom);
  else out += GAP;
  return out;
}
