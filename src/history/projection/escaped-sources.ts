/**
 * Which sources store entity-escaped text. SpecStory's Markdown HTML-escapes summaries and tool
 * outputs (`&amp;&amp;`, `2&gt;&amp;1`, `&#96;`; FORMATS.md § 1.3), so the projection decodes its
 * text. Every other source stores text as it was typed or generated (JSON strings, SQLite columns,
 * aider's and the web app's raw Markdown): there `&lt;b&gt;` is what the person wrote, and decoding
 * it would read back `<b>` — or let the tag pass strip the words.
 */

/** `chats.source` values (import format names) whose stored text is entity-escaped. */
export const ENTITY_ESCAPED_SOURCES: ReadonlySet<string> = new Set(["specstory"]);

/**
 * True when a chat of `source` (`chats.source`: an import format's name, `web`, `demo`…) stores
 * entity-escaped text, which the projection decodes. Unknown sources: false. Pure.
 */
export function storesEscapedText(source: string): boolean {
  return ENTITY_ESCAPED_SOURCES.has(source);
}
