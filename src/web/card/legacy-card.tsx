/**
 * Legacy `<dyad-search-chats>` / `<dyad-read-chat>` cards (plan § Phase 5: keep rendering them),
 * live from `read_chat` or read back from stored and imported messages. A native `<details>` keeps
 * them compact and keyboard operable. A finished card lists what it found; an archived card from an
 * older export shows its free text as text. Nothing is rendered as markup.
 */
import { useTranslation } from "react-i18next";
import type { ReadChatCard, SearchChatsCard } from "../../card/legacy-cards.js";
import { formatDate } from "../i18n/index.js";

/** Props: a legacy card value. */
export type LegacyCardProps =
  | { readonly kind: "search_chats"; readonly card: SearchChatsCard }
  | { readonly kind: "read_chat"; readonly card: ReadChatCard };

function SearchBody({ card }: { card: SearchChatsCard }) {
  const { t } = useTranslation();
  if (card.state === "archived")
    return card.text ? <pre className="legacy-text">{card.text}</pre> : null;
  if (card.state !== "done") return null;
  return (
    <ul className="legacy-list">
      {card.result.chats.map((chat) => (
        <li key={chat.chat_id}>
          <span className="evidence-title">{chat.chat_title ?? t("card.evidence.untitled")}</span>
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
  );
}

function ReadBody({ card }: { card: ReadChatCard }) {
  const { i18n } = useTranslation();
  if (card.state === "archived")
    return card.text ? <pre className="legacy-text">{card.text}</pre> : null;
  if (card.state !== "done") return null;
  return (
    <ul className="legacy-list">
      {card.result.messages.map((message) => (
        <li key={`${message.created_at}-${message.content.slice(0, 16)}`}>
          <time dateTime={message.created_at ?? undefined}>
            {formatDate(message.created_at, i18n.language)}
          </time>
          <blockquote className="evidence-excerpt">{message.content}</blockquote>
        </li>
      ))}
    </ul>
  );
}

function readSubject(card: ReadChatCard, chatNumber: (id: number) => string): string {
  switch (card.state) {
    case "done":
      return card.result.chat_title || chatNumber(card.result.chat_id);
    case "archived":
      return card.title ?? (card.chatId === null ? "" : chatNumber(card.chatId));
    default:
      return chatNumber(card.chatId);
  }
}

/** A legacy search or read card. */
export function LegacyCard(props: LegacyCardProps) {
  const { t } = useTranslation();
  const isSearch = props.kind === "search_chats";
  const chatNumber = (id: number) => t("card.legacy.chatNumber", { id });
  const subject =
    props.kind === "search_chats"
      ? props.card.state === "done"
        ? props.card.result.query
        : props.card.query
      : readSubject(props.card, chatNumber);
  return (
    <details
      className="legacy-card"
      data-legacy={isSearch ? "dyad-search-chats" : "dyad-read-chat"}
    >
      <summary title={subject}>
        <span className="legacy-kind">
          {isSearch ? t("card.legacy.search") : t("card.legacy.read")}
        </span>
        <span className="legacy-subject">{subject}</span>
      </summary>
      <div className="legacy-body">
        {props.kind === "search_chats" ? (
          <SearchBody card={props.card} />
        ) : (
          <ReadBody card={props.card} />
        )}
      </div>
    </details>
  );
}
