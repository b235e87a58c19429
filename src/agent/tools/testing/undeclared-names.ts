/**
 * Test support: the snake_case names in a model-facing text (a tool description, a server's
 * instructions) that are neither a tool nor an argument some tool declares — a sentence telling a
 * model to pass `message_id` to a tool whose argument is `around_message_id` is one.
 */

/** A snake_case identifier: lowercase words joined by underscores (`read_chat`, `chat_id`). */
const SNAKE_CASE_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/**
 * The distinct snake_case names in `text` that `declared` (tool names and argument names) lacks,
 * in order of appearance; empty when every name is declared.
 */
export function undeclaredNames(text: string, declared: ReadonlySet<string>): string[] {
  const names = new Set(text.match(SNAKE_CASE_NAME) ?? []);
  return [...names].filter((name) => !declared.has(name));
}
