/**
 * The chat page: pick an app and a chat, read its history (the server sends stored cards as typed
 * values), talk to the primary agent, stop a turn, answer consent prompts, and open an addressed
 * message (an evidence target) inside its app.
 *
 * The person talks in a chat of their own. Opening an app shows a new chat, created by the first
 * message; an own chat can be continued. An imported chat (the archive the explorer reads, which
 * its source owns) is shown read as it is: a message typed there starts a new chat of the
 * person's own, and the page moves to it, so the archive is never appended to.
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
import { ApiError, getJson, NETWORK_ERROR_KIND, sendJson } from "../api/client.js";
import { type MessageAddress, parseRoute, type Route } from "../app/use-hash-route.js";
import { ConsentDialog } from "../permissions/consent-dialog.js";
import { ChatHeader } from "./chat-header.js";
import { ChatSidebar } from "./chat-sidebar.js";
import { EmptyStore } from "./empty-store.js";
import { MessageList } from "./message-list.js";
import { useTurn } from "./use-turn.js";

type Apps = AppsResponse["apps"];
type Chats = ChatsResponse["chats"];
type Messages = MessagesResponse["messages"];

/** Props: the current route, navigation, and the narrow-screen drawer's state. */
export interface ChatPageProps {
  readonly appId: number | null;
  /** The route named an app by something that is not an id (see `Route.appNotFound`). */
  readonly appNotFound: boolean;
  readonly chatId: number | null;
  /** The addressed message (evidence target), or null. */
  readonly messageId: number | null;
  /** The answer the addressed message was opened from, or null. */
  readonly from: MessageAddress | null;
  /** The chat is the team store's (an evidence target there), read-only. */
  readonly team: boolean;
  readonly navigate: (route: Route) => void;
  readonly drawerOpen: boolean;
  readonly closeDrawer: () => void;
}

/** The chat page. */
export function ChatPage(props: ChatPageProps) {
  const { appId, appNotFound, chatId, messageId, from, team, navigate, drawerOpen, closeDrawer } =
    props;
  // Every read of a team store's chat says so: its ids are not the local store's.
  const storeParam = team ? "&store=team" : "";
  const { t } = useTranslation();
  const [apps, setApps] = useState<Apps | null>(null);
  const [fillCommands, setFillCommands] = useState<AppsResponse["fillCommands"] | null>(null);
  const [defaultAppId, setDefaultAppId] = useState<number | null>(null);
  // Unknown until /api/apps answers; only a definite false shows the read-only notice.
  const [storeWritable, setStoreWritable] = useState<boolean | null>(null);
  // The cards' evidence is a team store's (`serve --store postgres://…`).
  const [teamHistory, setTeamHistory] = useState(false);
  // Chats are kept with the app they were listed for, so another app's list is never shown.
  const [chatList, setChatList] = useState<{ readonly appId: number; readonly chats: Chats }>();
  // The app id the server answered NotFound for; cleared when its chats load.
  const [missingAppId, setMissingAppId] = useState<number | null>(null);
  const appMissing = appNotFound || (appId !== null && missingAppId === appId);
  const chats = !appMissing && chatList?.appId === appId ? chatList.chats : [];
  const [messages, setMessages] = useState<Messages>([]);
  // The chat has messages before the shown window (a chat longer than the 500 loaded at once).
  const [hasEarlier, setHasEarlier] = useState(false);
  // And after it (a window opened around a cited message deep in a long chat).
  const [hasLater, setHasLater] = useState(false);
  // The shown chat's header (its origin decides where a new turn goes), with its id.
  const [shownChat, setShownChat] = useState<MessagesResponse["chat"] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const pendingChatRef = useRef<number | null>(null);

  // Why the last message could not be sent (it is still in the composer), or null.
  const [sendError, setSendError] = useState<string | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);

  const describe = useCallback(
    (error: unknown) =>
      error instanceof ApiError && error.kind === NETWORK_ERROR_KIND
        ? t("app.serverUnreachable")
        : error instanceof Error
          ? error.message
          : String(error),
    [t],
  );
  const fail = useCallback((error: unknown) => setLoadError(describe(error)), [describe]);

  useEffect(() => {
    getJson("/api/apps", appsResponseSchema)
      .then((response) => {
        setApps(response.apps);
        setDefaultAppId(response.defaultAppId);
        setFillCommands(response.fillCommands);
        setStoreWritable(response.storeWritable);
        setTeamHistory(response.historyStore === "team");
      })
      .catch(fail);
  }, [fail]);

  // Without an app in the route, open the server's default app (`serve --app`), else the first
  // app; a route naming an unknown app stays on it. The live hash is read too: an address the
  // person (or a link) set while the apps were loading wins over this default, even before the
  // hashchange has reached the route state.
  useEffect(() => {
    const first = apps?.find((app) => app.id === defaultAppId) ?? apps?.[0];
    const live = parseRoute(window.location.hash);
    const liveAsksNoApp = live.page === "chat" && live.appId === null && !live.appNotFound;
    if (appId === null && liveAsksNoApp && !appNotFound && first) {
      navigate({ page: "chat", appId: first.id, chatId: null });
    }
  }, [apps, appId, appNotFound, navigate, defaultAppId]);

  const loadChats = useCallback(async () => {
    if (appId === null) return;
    try {
      const response = await getJson(`/api/apps/${appId}/chats`, chatsResponseSchema);
      setMissingAppId(null);
      setChatList({ appId, chats: response.chats });
    } catch (error) {
      if (error instanceof ApiError && error.kind === "not_found") {
        setMissingAppId(appId);
        return;
      }
      throw error;
    }
  }, [appId]);

  // Messages load through the app: a chat of another app, or a message not in the chat, is the
  // same NotFound read_chat gives, and nothing of it is shown.
  const loadMessages = useCallback(async () => {
    if (chatId === null || appId === null) {
      setMessages([]);
      setShownChat(null);
      return;
    }
    const query =
      messageId === null ? (team ? "?store=team" : "") : `?message=${messageId}${storeParam}`;
    try {
      const path = `/api/apps/${appId}/chats/${chatId}/messages${query}`;
      const response = await getJson(path, messagesResponseSchema);
      setLoadError(null);
      setMessages(response.messages);
      setHasEarlier(response.hasEarlier);
      setHasLater(response.hasLater);
      setShownChat(response.chat);
    } catch (error) {
      if (error instanceof ApiError && error.kind === "not_found") {
        setMessages([]);
        setShownChat(null);
        setLoadError(t("app.target.notFound"));
        return;
      }
      // Any other failure (the server stopped) keeps what is on screen; the banner says why.
      throw error;
    }
  }, [appId, chatId, messageId, team, storeParam, t]);

  // The page before the first shown message, put in front of it (messages already shown stay).
  const loadEarlier = useCallback(async () => {
    const first = messages[0];
    if (chatId === null || appId === null || first === undefined) return;
    const path = `/api/apps/${appId}/chats/${chatId}/messages?before=${first.id}${storeParam}`;
    const response = await getJson(path, messagesResponseSchema);
    setMessages((shown) => [
      ...response.messages.filter((message) => message.id < (shown[0]?.id ?? 0)),
      ...shown,
    ]);
    setHasEarlier(response.hasEarlier);
  }, [appId, chatId, messages, storeParam]);

  // The page after the last shown message, put after it (messages already shown stay).
  const loadLater = useCallback(async () => {
    const last = messages.at(-1);
    if (chatId === null || appId === null || last === undefined) return;
    const path = `/api/apps/${appId}/chats/${chatId}/messages?after=${last.id}${storeParam}`;
    const response = await getJson(path, messagesResponseSchema);
    setMessages((shown) => [
      ...shown,
      ...response.messages.filter((message) => message.id > (shown.at(-1)?.id ?? 0)),
    ]);
    setHasLater(response.hasLater);
  }, [appId, chatId, messages, storeParam]);

  useEffect(() => {
    loadChats().catch(fail);
  }, [loadChats, fail]);
  useEffect(() => {
    loadMessages().catch(fail);
  }, [loadMessages, fail]);

  // True when the stored messages were reloaded (the finished turn now shows among them).
  const settle = useCallback(async () => {
    try {
      await Promise.all([loadMessages(), loadChats()]);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }, [loadMessages, loadChats, fail]);
  const turn = useTurn(settle);
  const running = turn.live !== null && !turn.live.parts.ended;

  // Sends a turn; the draft is cleared only once the server has stored the question, so a
  // refused or unreachable send leaves it in the composer with the reason above it.
  const sendTurn = useCallback(
    async (toChatId: number, text: string) => {
      setSendError(null);
      const result = await turn.send(toChatId, text, () => setDraft(""));
      if (!result.accepted) setSendError(describe(result.error));
    },
    [turn, describe],
  );

  // A chat created for the first message: send once the route points at it.
  useEffect(() => {
    const pending = pendingChatRef.current;
    if (pending !== null && pending === chatId && draft.trim()) {
      pendingChatRef.current = null;
      void sendTurn(pending, draft.trim());
    }
  }, [chatId, draft, sendTurn]);

  // The origin of the chat on screen, from its header or the list; null while unknown.
  const shownOrigin =
    chatId === null
      ? null
      : shownChat?.id === chatId
        ? shownChat.origin
        : team
          ? "imported"
          : (chats.find((chat) => chat.id === chatId)?.origin ?? null);
  const inArchive = shownOrigin === "imported";

  const submit = async () => {
    const text = draft.trim();
    if (!text || running || appId === null || appMissing) return;
    setSendError(null);
    if (chatId === null || inArchive) {
      const created = await sendJson(
        "POST",
        `/api/apps/${appId}/chats`,
        { title: text.slice(0, 80) },
        createChatResponseSchema,
      ).catch((error: unknown) => setSendError(describe(error)));
      if (!created) return;
      setChatList({ appId, chats: [created.chat, ...chats] });
      pendingChatRef.current = created.chat.id;
      navigate({ page: "chat", appId, chatId: created.chat.id });
      return;
    }
    // A new turn follows the newest message, not the addressed one.
    if (messageId !== null) navigate({ page: "chat", appId, chatId });
    await sendTurn(chatId, text);
  };

  const stop = () => {
    turn.stop();
    // The Stop button gives way to Send: keep focus in the composer, not on <body>.
    composerRef.current?.focus();
  };

  return (
    <div className="chat-layout">
      <ChatSidebar
        apps={apps}
        chats={chats}
        appId={appMissing ? null : appId}
        chatId={team ? null : chatId}
        navigate={navigate}
        drawerOpen={drawerOpen}
        closeDrawer={closeDrawer}
      />
      <div className="conversation">
        <h1 className="visually-hidden">{t("app.title")}</h1>
        {storeWritable === false ? (
          <p className="banner-notice" role="status" data-notice="store-read-only">
            {t("app.storeReadOnly")}
          </p>
        ) : null}
        {appMissing ? (
          <p className="banner-error" role="alert" data-error="app-not-found">
            {t("app.appNotFound")}
          </p>
        ) : loadError ? (
          <p className="banner-error" role="alert">
            {t("app.loadFailed", { message: loadError })}
          </p>
        ) : null}
        {apps?.length === 0 && fillCommands ? <EmptyStore commands={fillCommands} /> : null}
        {shownChat && shownChat.id === chatId && !appMissing ? (
          <ChatHeader
            chat={shownChat}
            appName={apps?.find((app) => app.id === appId)?.name ?? null}
            messages={messages}
          />
        ) : null}
        <MessageList
          empty={apps?.length === 0}
          appId={appMissing ? null : appId}
          chatId={appMissing ? null : chatId}
          messages={appMissing ? [] : messages}
          earlier={
            hasEarlier && !appMissing && shownChat?.id === chatId
              ? { total: shownChat.messageCount, load: () => loadEarlier().catch(fail) }
              : null
          }
          later={
            hasLater && !appMissing && shownChat?.id === chatId
              ? { total: shownChat.messageCount, load: () => loadLater().catch(fail) }
              : null
          }
          live={turn.live}
          messageId={messageId}
          from={from}
          team={teamHistory}
          onRetry={(live) => void sendTurn(live.chatId, live.userText)}
        />
        {inArchive && !appMissing ? (
          <p className="archive-notice" data-notice="archive">
            {t("app.archiveNotice")}
          </p>
        ) : null}
        {sendError ? (
          <p className="banner-error" role="alert" data-error="not-sent">
            {t("app.notSent", { message: sendError })}
          </p>
        ) : null}
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
            ref={composerRef}
            id="composer-input"
            className="composer-input"
            rows={2}
            value={draft}
            placeholder={t("app.composerPlaceholder")}
            disabled={appId === null || appMissing}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                void submit();
              }
            }}
          />
          {running ? (
            <button type="button" className="button danger" onClick={stop}>
              {t("app.stop")}
            </button>
          ) : (
            <button
              type="submit"
              className="button primary"
              disabled={!draft.trim() || appId === null || appMissing}
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
