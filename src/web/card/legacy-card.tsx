/**
 * Legacy `<dyad-search-chats>` / `<dyad-read-chat>` cards found in stored or imported messages
 * (plan § Phase 5: keep rendering them). A native `<details>` keeps them compact and keyboard
 * operable. A JSON body in the shape of a search or read result is shown as a list; any other
 * body (older exports wrote free text) is shown as plain text. Nothing is parsed as markup.
 */
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { type LEGACY_READ_TAG, LEGACY_SEARCH_TAG } from "../chat/segment-message.js";
import { formatDate } from "../i18n/index.js";

const searchBodySchema = z.object({
  chats: z.array(
    z.object({
      chat_id: z.number(),
      chat_title: z.string().nullable().optional(),
      matches: z
        .array(z.object({ role: z.string(), created_at: z.string(), excerpt: z.string() }))
        .default([]),
    }),
  ),
});

const readBodySchema = z.object({
  chat_id: z.number(),
  chat_title: z.string().nullable().optional(),
  messages: z.array(z.object({ role: z.string(), created_at: z.string(), content: z.string() })),
});

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined; // free-text body from an older export: shown as text
  }
}

/** Props: the tag, its unescaped attributes and body. */
export interface LegacyCardProps {
  readonly tag: typeof LEGACY_SEARCH_TAG | typeof LEGACY_READ_TAG;
  readonly attributes: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A legacy search or read card. */
export function LegacyCard({ tag, attributes, body }: LegacyCardProps) {
  const { t, i18n } = useTranslation();
  const isSearch = tag === LEGACY_SEARCH_TAG;
  const json = body.trim() ? parseJson(body) : undefined;
  const chatId = attributes["chat-id"] ?? attributes.chat_id ?? attributes.chatId ?? "";
  const subject = isSearch
    ? (attributes.query ?? "")
    : (attributes.title ?? (chatId ? t("card.legacy.chatNumber", { id: chatId }) : ""));
  const search = isSearch ? searchBodySchema.safeParse(json) : null;
  const read = isSearch ? null : readBodySchema.safeParse(json);
  return (
    <details className="legacy-card" data-legacy={tag}>
      <summary title={subject}>
        <span className="legacy-kind">
          {isSearch ? t("card.legacy.search") : t("card.legacy.read")}
        </span>
        <span className="legacy-subject">{subject}</span>
      </summary>
      <div className="legacy-body">
        {search?.success ? (
          <ul className="legacy-list">
            {search.data.chats.map((chat) => (
              <li key={chat.chat_id}>
                <span className="evidence-title">
                  {chat.chat_title ?? t("card.evidence.untitled")}
                </span>
                {chat.matches.map((match) => (
                  <blockquote
                    key={`${match.created_at}-${match.excerpt.slice(0, 16)}`}
                    className="evidence-excerpt"
                  >
                    {match.excerpt}
                  </blockquote>
                ))}
              </li>
            ))}
          </ul>
        ) : read?.success ? (
          <ul className="legacy-list">
            {read.data.messages.map((message) => (
              <li key={`${message.created_at}-${message.content.slice(0, 16)}`}>
                <time dateTime={message.created_at}>
                  {formatDate(message.created_at, i18n.language)}
                </time>
                <blockquote className="evidence-excerpt">{message.content}</blockquote>
              </li>
            ))}
          </ul>
        ) : body.trim() ? (
          <pre className="legacy-text">{body.trim()}</pre>
        ) : null}
      </div>
    </details>
  );
}
