/**
 * The projection's structure labels: the one-line stand-ins it leaves where it dropped a block
 * (`[code: bash]`, `[code]`, `[edit]`, `[diff]`, strip-blocks.ts) or a tool call whose only kept
 * attribute is the tool's name (`[tool-use: read_file_v2]`, strip-tags.ts). A reader sees that
 * something was there; a scorer must not count "tool", "use", "file" or "v2" as what a message is
 * about. Labels that keep a path or a description (`[write: src/auth.ts — Add login]`) carry a
 * decision and are not structure.
 */

/**
 * A structure label anywhere (global): the projection writes each on its own line, but views join
 * lines ("Exploring … [tool-use: read_file_v2] [tool-use: ripgrep_raw_search]").
 */
const STRUCTURE_LABEL =
  /\[(?:code(?:: [A-Za-z0-9+#._-]{1,24})?|edit|diff|tool-use(?:: [\w.-]{1,80})?)\]/g;

/**
 * `text` with every structure label replaced by a space, the rest unchanged. Pure; linear in the
 * text length; never throws.
 */
export function withoutStructureLabels(text: string): string {
  return text.replace(STRUCTURE_LABEL, " ");
}
