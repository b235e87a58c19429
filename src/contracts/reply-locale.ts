/**
 * The languages Recollect writes its own fixed replies in (the offline router's help, notices and
 * questions back; the server's "stopped" and "no answer" replies): the web app's five locales
 * (DESIGN.md § Card). A surface passes the person's locale with a turn; `en` when it has none.
 */

/** Supported locale tags, as the web app spells them. */
export const REPLY_LOCALES = ["en", "es", "ko", "pt-BR", "zh-CN"] as const;
export type ReplyLocale = (typeof REPLY_LOCALES)[number];

/** True when `value` is one of {@link REPLY_LOCALES}. */
export function isReplyLocale(value: unknown): value is ReplyLocale {
  return typeof value === "string" && (REPLY_LOCALES as readonly string[]).includes(value);
}
