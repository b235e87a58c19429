/**
 * `<private>…</private>` spans: the convention agents' users write to keep text out of memory
 * tools. They are cut before anything else in the projection, so their text is never indexed,
 * excerpted, read back or shown to a model — and it is cut before tags become labels, which would
 * otherwise keep the span's words.
 */

/**
 * Opening or closing `private` tag in any case, with or without attributes (`<private>`,
 * `<PRIVATE reason="x">`, `</Private >`, `<private/>`); not `<privateer>` or `<private-notes>`.
 * The brackets may be entity-escaped (`&lt;private&gt;`, `&lt;/private&gt;`), as an export that
 * HTML-escapes its text writes them: such a span is cut in any source, whether or not its text is
 * decoded (fail closed), and so on every read path, not only after the projection's decoding.
 */
const PRIVATE_TAG = /(?:<|&lt;)(\/?)private(?=[\s/>]|&gt;)(?:[^<>&]|&(?!gt;)){0,400}?(?:>|&gt;)/gi;

/** Cheap pre-check: no `<private` or `&lt;private` (any case) means nothing to cut. */
const PRIVATE_HINT = /(?:<|&lt;)\/?private/i;

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
    const selfClosing = !closing && /\/(?:>|&gt;)$/i.test(match[0]);
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
