/**
 * The chat page: pick an app and a chat, read its history (stored cards render through the same
 * parser as live ones), talk to the primary agent, stop a turn, answer consent prompts.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AppsResponse,
  appsResponseSchema,
  type ChatsResponse,
  chatsResponseSchema,
  createChatResponseSchema,
  type MessagesResponse,
  messagesResponseSchema,
} from "../../server/shared/api-types.js";
import { getJson, sendJson } from "../api/client.js";
import type { Route } from "../app/use-hash-route.js";
import { formatDate } from "../i18n/index.js";
import { ConsentDialog } from "../permissions/consent-dialog.js";
import { MarkdownLite } from "./markdown-lite.js";
import { CardView, SegmentView } from "./message-content.js";
import { type LiveTurn, useTurn } from "./use-turn.js";

type Apps = AppsResponse["apps"];
type Chats = ChatsResponse["chats"];
type Messages = MessagesResponse["messages"];

/** Props: the current route and navigation. */
export interface ChatPageProps {
  readonly appId: number | null;
  readonly chatId: number | null;
  readonly navigate: (route: Route) => void;
}

/** The chat page. */
export function ChatPage({ appId, chatId, navigate }: ChatPageProps) {
  const { t, i18n } = useTranslation();
  const [apps, setApps] = useState<Apps | null>(null);
  const [chats, setChats] = useState<Chats>([]);
  const [messages, setMessages] = useState<Messages>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const pendingChatRef = useRef<number | null>(null);

  const fail = useCallback((error: unknown) => {
    setLoadError(error instanceof Error ? error.message : String(error));
  }, []);

  useEffect(() => {
    getJson("/api/apps", appsResponseSchema)
      .then((response) => setApps(response.apps))
      .catch(fail);
  }, [fail]);

  // Without an app in the route, open the first app.
  useEffect(() => {
    const first = apps?.[0];
    if (appId === null && first) navigate({ page: "chat", appId: first.id, chatId: null });
  }, [apps, appId, navigate]);

  const loadChats = useCallback(async () => {
    if (appId === null) return;
    const response = await getJson(`/api/apps/${appId}/chats`, chatsResponseSchema);
    setChats(response.chats);
  }, [appId]);

  const loadMessages = useCallback(async () => {
    if (chatId === null) {
      setMessages([]);
      return;
    }
    const response = await getJson(`/api/chats/${chatId}/messages`, messagesResponseSchema);
    setMessages(response.messages);
  }, [chatId]);

  useEffect(() => {
    loadChats().catch(fail);
  }, [loadChats, fail]);
  useEffect(() => {
    loadMessages().catch(fail);
  }, [loadMessages, fail]);

  const settle = useCallback(async () => {
    await Promise.all([loadMessages(), loadChats()]).catch(fail);
  }, [loadMessages, loadChats, fail]);
  const turn = useTurn(settle);
  const running = turn.live !== null;

  // Keep the newest message in view as history loads and the live turn streams.
  const messagesRef = useRef<HTMLElement>(null);
  const liveParts = turn.live?.parts;
  useEffect(() => {
    const element = messagesRef.current;
    if (element && (messages.length > 0 || liveParts)) element.scrollTop = element.scrollHeight;
  }, [messages, liveParts]);

  // A chat created for the first message: send once the route points at it.
  useEffect(() => {
    const pending = pendingChatRef.current;
    if (pending !== null && pending === chatId && draft.trim()) {
      pendingChatRef.current = null;
      const text = draft.trim();
      setDraft("");
      void turn.send(pending, text);
    }
  }, [chatId, draft, turn]);

  const submit = async () => {
    const text = draft.trim();
    if (!text || running || appId === null) return;
    if (chatId === null) {
      const created = await sendJson(
        "POST",
        `/api/apps/${appId}/chats`,
        { title: text.slice(0, 80) },
        createChatResponseSchema,
      ).catch(fail);
      if (!created) return;
      setChats((current) => [created.chat, ...current]);
      pendingChatRef.current = created.chat.id;
      navigate({ page: "chat", appId, chatId: created.chat.id });
      return;
    }
    setDraft("");
    await turn.send(chatId, text);
  };

  return (
    <div className="chat-layout">
      <aside className="sidebar" aria-label={t("app.chats")}>
        <label className="field-label" htmlFor="app-picker">
          {t("app.appPicker")}
        </label>
        <select
          id="app-picker"
          className="select"
          value={appId ?? ""}
          onChange={(event) =>
            navigate({ page: "chat", appId: Number(event.target.value), chatId: null })
          }
        >
          {apps?.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </select>
        {apps && apps.length === 0 ? <p className="muted">{t("app.noApps")}</p> : null}
        <button
          type="button"
          className="button secondary new-chat"
          disabled={appId === null}
          onClick={() => appId !== null && navigate({ page: "chat", appId, chatId: null })}
        >
          {t("app.newChat")}
        </button>
        <h2 className="sidebar-heading">{t("app.chats")}</h2>
        {chats.length === 0 ? <p className="muted">{t("app.noChats")}</p> : null}
        <ul className="chat-list">
          {chats.map((chat) => {
            const title = chat.title ?? t("app.untitledChat");
            return (
              <li key={chat.id}>
                <a
                  className={`chat-link${chat.id === chatId ? " is-current" : ""}`}
                  href={`#/chat/${chat.appId}/${chat.id}`}
                  aria-current={chat.id === chatId ? "page" : undefined}
                  title={title}
                >
                  <span className="chat-link-title">{title}</span>
                  <time className="chat-link-date" dateTime={chat.createdAt}>
                    {formatDate(chat.createdAt, i18n.language)}
                  </time>
                </a>
              </li>
            );
          })}
        </ul>
      </aside>
      <div className="conversation">
        <h1 className="visually-hidden">{t("app.title")}</h1>
        {loadError ? (
          <p className="banner-error" role="alert">
            {t("app.loadFailed", { message: loadError })}
          </p>
        ) : null}
        {/* Focusable so keyboard users can scroll it; not a live region (no per-token speech). */}
        <section
          className="messages"
          ref={messagesRef}
          aria-label={t("app.conversation")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
        >
          {chatId === null && !running ? <p className="empty-state">{t("app.pickChat")}</p> : null}
          {messages.map((message) => (
            <article
              key={message.id}
              className={`message message-${message.role}`}
              data-message-id={message.id}
            >
              <h2 className="message-role">{t(`app.role.${message.role}`)}</h2>
              <div className="message-body">
                {message.segments.map((segment, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's segments never reorder
                  <SegmentView key={index} segment={segment} />
                ))}
              </div>
            </article>
          ))}
          {turn.live && turn.live.chatId === chatId ? <LiveMessages live={turn.live} /> : null}
        </section>
        <form
          className="composer"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="visually-hidden" htmlFor="composer-input">
            {t("app.composerLabel")}
          </label>
          <textarea
            id="composer-input"
            className="composer-input"
            rows={2}
            value={draft}
            placeholder={t("app.composerPlaceholder")}
            disabled={appId === null}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                void submit();
              }
            }}
          />
          {running ? (
            <button type="button" className="button danger" onClick={turn.stop}>
              {t("app.stop")}
            </button>
          ) : (
            <button
              type="submit"
              className="button primary"
              disabled={!draft.trim() || appId === null}
            >
              {t("app.send")}
            </button>
          )}
        </form>
      </div>
      <ConsentDialog request={turn.live?.consent ?? null} onAnswer={turn.answerConsent} />
    </div>
  );
}

/** The running turn: the person's message and the assistant's parts as they stream. */
function LiveMessages({ live }: { live: LiveTurn }) {
  const { t } = useTranslation();
  return (
    <>
      <article className="message message-user">
        <h2 className="message-role">{t("app.role.user")}</h2>
        <div className="message-body">
          <MarkdownLite text={live.userText} />
        </div>
      </article>
      <article className="message message-assistant" aria-busy={!live.parts.ended}>
        <h2 className="message-role">{t("app.role.assistant")}</h2>
        <div className="message-body">
          {live.parts.parts.length === 0 && !live.parts.ended ? (
            <p className="muted">{t("app.thinking")}</p>
          ) : null}
          {live.parts.parts.map((part, index) =>
            part.kind === "text" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts only append; a text part keeps its slot
              <MarkdownLite key={`text-${index}`} text={part.text} />
            ) : (
              <CardView key={part.toolCallId} card={part.card} />
            ),
          )}
          {live.stopped ? <p className="muted">{t("app.turnStopped")}</p> : null}
          {live.error && live.error.kind !== "aborted" ? (
            <p className="banner-error" role="alert">
              {t("app.turnFailed", { message: live.error.message })}
            </p>
          ) : null}
        </div>
      </article>
    </>
  );
}
