/**
 * `count` with the noun in singular or plural: `plural(1, "chat")` → `"1 chat"`,
 * `plural(2, "chat")` → `"2 chats"`. English only: CLI output is not localized.
 */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
