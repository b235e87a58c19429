/**
 * XML-ish tag handling for the projection. Tag bodies are tool payloads, file bodies, model
 * thinking or recursive history output, so they never reach the index: a tag fails closed to a
 * short `[label: allowed attrs]` line and its body is dropped (issue #2 item 3).
 */

/** Tags dropped with their body and no label: thinking and recursive history-tool output. */
const SILENT_TAGS: ReadonlySet<string> = new Set([
  "think",
  "thinking",
  "details",
  "dyad-search-chats",
  "dyad-read-chat",
  "dyad-explore-chat-history",
]);

/**
 * Attributes allowed into a label, in output order. Paths, descriptions, package names and
 * provider names carry decisions; everything else (content, ids, arbitrary data) is dropped.
 */
const ALLOWED_ATTRIBUTES: readonly string[] = [
  "path",
  "from",
  "to",
  "description",
  "packages",
  "provider",
  "data-tool-name",
];

/** Longest attribute value kept in a label, chars; longer values are cut. */
const MAX_ATTRIBUTE_CHARS = 160;

const OPEN_TAG = /<([A-Za-z][A-Za-z0-9_:-]{0,63})((?:\s[^<>]{0,2000})?)>/g;
const ATTRIBUTE = /([A-Za-z_:][-A-Za-z0-9_:.]{0,63})\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
const STRAY_CLOSE_TAG = /<\/[A-Za-z][A-Za-z0-9_:-]{0,63}\s*>/g;

/** Which tags {@link stripTags} handles: `known` = silent + `dyad-*` + `tool-use`; `all` = any tag. */
export type TagScope = "known" | "all";

function isKnownTag(name: string): boolean {
  return SILENT_TAGS.has(name) || name.startsWith("dyad-") || name === "tool-use";
}

function labelFor(name: string, rawAttributes: string): string {
  if (SILENT_TAGS.has(name)) return "";
  const values = new Map<string, string>();
  for (const match of rawAttributes.matchAll(ATTRIBUTE)) {
    const key = (match[1] ?? "").toLowerCase();
    const value = (match[2] ?? match[3] ?? match[4] ?? "").replace(/\s+/g, " ").trim();
    if (value !== "" && !values.has(key)) values.set(key, value.slice(0, MAX_ATTRIBUTE_CHARS));
  }
  const kept = ALLOWED_ATTRIBUTES.flatMap((key) => {
    const value = values.get(key);
    return value === undefined ? [] : [value];
  });
  const label = name.replace(/^dyad-/, "");
  return kept.length === 0 ? `\n[${label}]\n` : `\n[${label}: ${kept.join(" — ")}]\n`;
}

/**
 * Finds the index just past the `</name>` that closes an element opened before `from`, honouring
 * nesting of the same name. Returns -1 when there is none.
 */
function findClose(text: string, name: string, from: number): number {
  const pattern = new RegExp(
    `<(/?)${name.replace(/[-:]/g, "\\$&")}(?=[\\s/>])[^<>]{0,2000}>`,
    "gi",
  );
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[1] === "/") depth -= 1;
    else if (!match[0].endsWith("/>")) depth += 1;
    if (depth === 0) return match.index + match[0].length;
  }
  return -1;
}

/**
 * Replaces each tag in `scope` with its label line and drops its body. Self-closing tags become
 * a label. A known tag without a closing tag drops everything after it (fail closed); an unknown
 * unclosed tag becomes a label and the text after it stays. Stray closing tags are removed when
 * `scope` is `all`. Pure; linear apart from one closing-tag search per distinct open tag.
 */
export function stripTags(text: string, scope: TagScope): string {
  // Names with no closing tag after some position have none after any later one either.
  const unclosedFrom = new Map<string, number>();
  let out = "";
  let cursor = 0;
  OPEN_TAG.lastIndex = 0;
  for (let match = OPEN_TAG.exec(text); match !== null; match = OPEN_TAG.exec(text)) {
    const name = (match[1] ?? "").toLowerCase();
    if (match.index < cursor) continue;
    if (scope === "known" && !isKnownTag(name)) continue;
    const rawAttributes = match[2] ?? "";
    const openEnd = match.index + match[0].length;
    out += text.slice(cursor, match.index);
    const label = labelFor(name, rawAttributes.replace(/\/\s*$/, ""));
    if (rawAttributes.trimEnd().endsWith("/")) {
      out += label;
      cursor = openEnd;
      OPEN_TAG.lastIndex = openEnd;
      continue;
    }
    const knownUnclosed = unclosedFrom.get(name);
    const close =
      knownUnclosed !== undefined && knownUnclosed <= openEnd ? -1 : findClose(text, name, openEnd);
    if (close === -1) {
      unclosedFrom.set(name, Math.min(unclosedFrom.get(name) ?? openEnd, openEnd));
      out += label;
      if (isKnownTag(name)) return out;
      cursor = openEnd;
      OPEN_TAG.lastIndex = openEnd;
      continue;
    }
    out += label;
    cursor = close;
    OPEN_TAG.lastIndex = close;
  }
  out += text.slice(cursor);
  return scope === "all" ? out.replace(STRAY_CLOSE_TAG, " ") : out;
}
