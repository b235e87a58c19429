/**
 * Where the person is: above a conversation, the chat's title, its app, what wrote it (the source
 * tool, or "your chat"), the dates of its shown messages, and "Only in Recollect" when the agent
 * deleted the chat's file. A cited message opened from a card
 * therefore names its chat and date too.
 */
import { useTranslation } from "react-i18next";
import type { MessagesResponse } from "../../server/shared/api-types.js";
import { formatDate } from "../i18n/index.js";

/** Props: the shown chat, its app's name, and its shown messages (for the dates). */
export interface ChatHeaderProps {
  readonly chat: MessagesResponse["chat"];
  readonly appName: string | null;
  readonly messages: MessagesResponse["messages"];
}

/**
 * The label of a chat synced from a file the agent has since deleted: it is now only in Recollect
 * (`ChatSummary.kept`). Words, not colour alone; the hint says why.
 */
export function KeptBadge() {
  const { t } = useTranslation();
  return (
    <span className="kept-badge" data-kept="true" title={t("app.chatHeader.keptHint")}>
      {t("app.chatHeader.kept")}
    </span>
  );
}

/** The store's `source` of the person's own chats. */
const WEB_SOURCE = "web";

/** The header; the dates are those of the first and the last shown message (one when equal). */
export function ChatHeader({ chat, appName, messages }: ChatHeaderProps) {
  const { t, i18n } = useTranslation();
  const first = formatDate(messages[0]?.createdAt ?? chat.createdAt, i18n.language);
  const last = formatDate(messages.at(-1)?.createdAt ?? chat.createdAt, i18n.language);
  const source = chat.source === WEB_SOURCE ? t("app.chatHeader.own") : chat.source;
  return (
    <header className="chat-header" data-chat-id={chat.id}>
      <h2 className="chat-title" title={chat.title ?? undefined}>
        {chat.title ?? t("app.untitledChat")}
      </h2>
      <p className="chat-meta">
        {appName ? <span className="chat-app">{appName}</span> : null}
        <span className="chat-source">{source}</span>
        <span className="chat-dates">{first === last ? first : `${first} – ${last}`}</span>
        {chat.kept ? <KeptBadge /> : null}
      </p>
    </header>
  );
}
