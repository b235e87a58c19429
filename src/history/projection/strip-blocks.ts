/**
 * Line-based block removal for the projection: fenced code (any fence of ≥ 3 backticks or tildes,
 * closed by the same character at least as long, a `diff` block's only at the line start; unclosed
 * runs to the end), aider SEARCH/REPLACE
 * blocks and unified diffs outside fences. Each block becomes one short label line so a reader
 * knows something was there without its body reaching the index.
 */

import { codeLabel, DIFF_LABEL, EDIT_LABEL } from "./structure-labels.js";

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** The info string of a fenced unified diff. */
const DIFF_INFO = /^(?:diff|patch)$/i;
const SEARCH_START = /^<{5,9} ?SEARCH\b/;
const REPLACE_END = /^>{5,9} ?REPLACE\b/;
const DIFF_START = /^(?:diff --git |@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@)/;
const DIFF_LINE =
  /^(?:[-+ \\]|@@|diff |index |new file|deleted file|similarity |rename |old mode|new mode)/;

function fenceLabel(info: string): string {
  return codeLabel(info.replace(/^\{?\.?/, "").replace(/\}$/, ""));
}

/** Removes fenced code, SEARCH/REPLACE and diff blocks from `text`. Pure, linear in lines. */
export function stripBlocks(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      const marker = fence[1] ?? "```";
      out.push(fenceLabel(fence[2] ?? ""));
      // A diff's context lines start with a space, so an indented fence inside a diff block is a
      // fence of the diffed file, not this block's close (minsky: " ```" of a README diff closed
      // the block, and the next fence swallowed the summary after it as code).
      const diff = DIFF_INFO.test(fence[2] ?? "");
      index += 1;
      while (index < lines.length) {
        const next = lines[index] ?? "";
        const close = diff && next.startsWith(" ") ? null : FENCE_CLOSE.exec(next);
        index += 1;
        const run = close?.[1];
        if (run !== undefined && run[0] === marker[0] && run.length >= marker.length) break;
      }
      continue;
    }
    if (SEARCH_START.test(line)) {
      out.push(EDIT_LABEL);
      index += 1;
      while (index < lines.length && !REPLACE_END.test(lines[index] ?? "")) index += 1;
      index += 1;
      continue;
    }
    if (DIFF_START.test(line)) {
      out.push(DIFF_LABEL);
      index += 1;
      while (index < lines.length && DIFF_LINE.test(lines[index] ?? "")) index += 1;
      continue;
    }
    out.push(line);
    index += 1;
  }
  return out.join("\n");
}
