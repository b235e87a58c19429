/**
 * The projection's structure labels: the one-line stand-ins it leaves where it dropped a block
 * (`[code: bash]`, `[code]`, `[edit]`, `[diff]`, strip-blocks.ts) or a tool call whose only kept
 * attribute is the tool's name (`[tool-use: read_file_v2]`, strip-tags.ts). A reader sees that
 * something was there; a scorer must not count "tool", "use", "file" or "v2" as what a message is
 * about. Labels that keep a path or a description (`[write: src/auth.ts — Add login]`) carry a
 * decision and are not structure.
 */

/** The label of a dropped aider SEARCH/REPLACE block. */
export const EDIT_LABEL = "[edit]";
/** The label of a dropped unified diff. */
export const DIFF_LABEL = "[diff]";
/** A fenced block's language as a label shows it: short and plain (`bash`, `c++`, `objective-c`). */
const LANGUAGE = "[A-Za-z0-9+#._-]{1,24}";
const LABEL_LANGUAGE = new RegExp(`^${LANGUAGE}$`);

/** The label of a dropped fenced code block: `[code: bash]`, or `[code]` without a plain language. */
export function codeLabel(language: string): string {
  return LABEL_LANGUAGE.test(language) ? `[code: ${language.toLowerCase()}]` : "[code]";
}

/**
 * A structure label anywhere (global): the projection writes each on its own line, but views join
 * lines ("Exploring … [tool-use: read_file_v2] [tool-use: ripgrep_raw_search]"). The `[tool-use:
 * …]` form is strip-tags' label of a tool call that kept only its tool's name.
 */
const STRUCTURE_LABEL = new RegExp(
  `\\[(?:code(?:: ${LANGUAGE})?|edit|diff|tool-use(?:: [\\w.-]{1,80})?)\\]`,
  "g",
);

/**
 * `text` with every structure label replaced by a space, the rest unchanged. Pure; linear in the
 * text length; never throws.
 */
export function withoutStructureLabels(text: string): string {
  return text.replace(STRUCTURE_LABEL, " ");
}
