/**
 * Finds HTML `<details>` disclosures in message markdown (SpecStory and Cursor exports wrap tool
 * output in `<details><summary>…</summary>…</details>`), so the renderer can show them as native
 * disclosures while every other piece of raw HTML stays disabled. Pure; never evaluates markup: the
 * summary becomes plain text (tags dropped) and the body stays markdown.
 *
 * Only a `<details>` that starts a line outside a code fence counts, and only when its matching
 * `</details>` is found (nesting allowed); anything else is left as markdown text.
 */

/** A run of markdown, or a disclosure holding its own blocks. */
export type MarkdownBlock =
  | { readonly kind: "markdown"; readonly text: string }
  | {
      readonly kind: "details";
      /** Plain text of `<summary>`, or "" when there is none. */
      readonly summary: string;
      readonly blocks: readonly MarkdownBlock[];
    };

const OPEN_LINE = /^\s*<details(\s[^>]*)?>/i;
const OPEN_ANY = /<details(\s[^>]*)?>/gi;
const CLOSE_ANY = /<\/details\s*>/gi;
const FENCE = /^\s*(```|~~~)/;
const SUMMARY = /^\s*<summary(\s[^>]*)?>([\s\S]*?)<\/summary\s*>/i;

/** Index of the line holding the `</details>` that closes the one opened on `start`, or -1. */
function closingLine(lines: readonly string[], start: number): number {
  let depth = 0;
  let inFence = false;
  for (let index = start; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    if (index > start && FENCE.test(line)) inFence = !inFence;
    if (inFence) continue;
    depth += (line.match(OPEN_ANY) ?? []).length;
    depth -= (line.match(CLOSE_ANY) ?? []).length;
    if (depth <= 0) return index;
  }
  return -1;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The disclosure spanning `region` (from its `<details>` to its `</details>`), plus any tail. */
function toDetails(region: string): { block: MarkdownBlock; tail: string } {
  const afterOpen = region.replace(OPEN_LINE, "");
  const lastClose = afterOpen.search(/<\/details\s*>(?![\s\S]*<\/details\s*>)/i);
  const inner = lastClose === -1 ? afterOpen : afterOpen.slice(0, lastClose);
  const tail = lastClose === -1 ? "" : afterOpen.slice(lastClose).replace(CLOSE_ANY, "").trim();
  const summary = SUMMARY.exec(inner);
  const body = summary ? inner.slice(summary[0].length) : inner;
  // Exports indent the body like HTML; markdown would read 4+ spaces as code, so dedent it.
  const dedented = body.replace(/^\n+/, "").replace(/^[ \t]+(?=\||[-*+] |\d+\. |#)/gm, "");
  return {
    block: {
      kind: "details",
      summary: summary ? plainText(summary[2] ?? "") : "",
      blocks: splitDetails(dedented),
    },
    tail,
  };
}

/** Splits `text` into markdown runs and disclosures, in order. Empty runs are omitted. */
export function splitDetails(text: string): MarkdownBlock[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: MarkdownBlock[] = [];
  let pending: string[] = [];
  const flush = () => {
    const joined = pending.join("\n");
    if (joined.trim() !== "") blocks.push({ kind: "markdown", text: joined });
    pending = [];
  };
  let inFence = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    if (FENCE.test(line)) inFence = !inFence;
    const end = !inFence && OPEN_LINE.test(line) ? closingLine(lines, index) : -1;
    if (end === -1) {
      pending.push(line);
      continue;
    }
    flush();
    const { block, tail } = toDetails(lines.slice(index, end + 1).join("\n"));
    blocks.push(block);
    if (tail) pending.push(tail);
    index = end;
  }
  flush();
  return blocks;
}
