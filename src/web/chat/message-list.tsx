/**
 * The scrolling message list: stored messages, the running turn, and an addressed message.
 *
 * Scrolling: the list (not the page) scrolls, so the header and composer stay in view. It follows
 * the newest message as history loads and a turn streams; when the route addresses a message (an
 * evidence target), it scrolls that message to the middle once, highlights it with a visible
 * "Cited message" badge (not colour alone), moves focus to it, and offers the way back to the
 * answer it was opened from.
 */
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { CitationNote, MessagesResponse } from "../../server/shared/api-types.js";
import { type MessageAddress, routeHash } from "../app/use-hash-route.js";
import { EvidenceOriginContext } from "../card/evidence-origin.js";
import { answerFirst } from "./answer-first.js";
import { Markdown } from "./markdown.js";
import { CardView, SegmentView } from "./message-content.js";
import { type MoreMessages, PageBar } from "./page-bar.js";
import { RoleLabel } from "./role-label.js";
import { TurnFailure } from "./turn-failure.js";
import { type LiveTurn, turnFailed } from "./use-turn.js";

/** Props of {@link MessageList}. */
export interface MessageListProps {
  readonly appId: number | null;
  readonly chatId: number | null;
  readonly messages: MessagesResponse["messages"];
  /** The running turn, shown only when it runs in this chat. */
  readonly live: LiveTurn | null;
  /** The addressed message to scroll to and highlight, or null. */
  readonly messageId: number | null;
  /** The answer the addressed message was opened from, or null. */
  readonly from: MessageAddress | null;
  /** Asks a failed turn's question again. */
  readonly onRetry: (live: LiveTurn) => void;
  /** True when the cards' evidence is a team store's (`historyStore: team`): links say so. */
  readonly team?: boolean;
  /** True for an empty store: no "new chat" invitation, as there is no app to chat in. */
  readonly empty?: boolean;
  /** The chat has messages before the shown ones: how many it holds, and how to load them. */
  readonly earlier: MoreMessages | null;
  /** The chat has messages after the shown ones (a window around a cited message), or null. */
  readonly later: MoreMessages | null;
}

/** The message list. */
export function MessageList(props: MessageListProps) {
  const { appId, chatId, messages, live, messageId, from, onRetry, earlier, later, empty } = props;
  const team = props.team === true;
  const { t } = useTranslation();
  const listRef = useRef<HTMLElement>(null);
  const scrolledTo = useRef<string | null>(null);
  // The running turn is drawn from its live copy. A reload while it runs may already hold its
  // stored messages: those give way to the live copy. Once it has ended and the stored messages
  // hold its answer, the stored copy is drawn instead, so the answer never shows twice and never
  // disappears mid-turn. A failed turn stays drawn from its live copy, with its error and Retry.
  const liveInChat = live !== null && live.chatId === chatId ? live : null;
  const storedAnswer =
    liveInChat?.assistantMessageId != null &&
    messages.some((message) => message.id === liveInChat.assistantMessageId);
  const liveHere =
    liveInChat !== null && (turnFailed(liveInChat) || !(liveInChat.parts.ended && storedAnswer))
      ? liveInChat
      : null;
  const shown =
    liveHere === null
      ? messages
      : messages.filter(
          (message) =>
            message.id !== liveHere.userMessageId && message.id !== liveHere.assistantMessageId,
        );
  const liveParts = liveHere?.parts;

  // Where the list was drawn last: earlier messages put in front keep the view where it was.
  const drawn = useRef<{ firstId?: number; lastId?: number; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const previous = drawn.current;
    drawn.current = {
      firstId: messages[0]?.id,
      lastId: messages.at(-1)?.id,
      height: list.scrollHeight,
    };
    if (
      previous.lastId !== undefined &&
      previous.lastId === messages.at(-1)?.id &&
      previous.firstId !== messages[0]?.id
    ) {
      list.scrollTop += list.scrollHeight - previous.height;
      return;
    }
    if (messageId !== null && !liveParts) {
      const key = `${chatId}:${messageId}`;
      if (scrolledTo.current === key) return;
      const target = list.querySelector<HTMLElement>(
        `:scope > article[data-message-id="${messageId}"]`,
      );
      if (!target) return;
      scrolledTo.current = key;
      // Centred, unless it is taller than the list: then its top, so it never opens mid-message
      // with its start (the answer's text, the cited words) off-screen.
      target.scrollIntoView({
        block: target.offsetHeight > list.clientHeight ? "start" : "center",
      });
      target.focus({ preventScroll: true });
      return;
    }
    scrolledTo.current = null;
    if (messages.length > 0 || liveParts) list.scrollTop = list.scrollHeight;
  }, [messages, liveParts, messageId, chatId]);

  // The way back sits in the cited message's own label: one Tab from the focused message, not
  // past every code block above it.
  const backLink =
    from && appId !== null ? (
      <a
        className="back-link"
        href={routeHash({ page: "chat", appId, chatId: from.chatId, messageId: from.messageId })}
      >
        <span aria-hidden="true">← </span>
        {t("app.target.back")}
      </a>
    ) : null;

  const origin = (id: number | null, citations: readonly CitationNote[] = []) =>
    appId !== null && chatId !== null ? { appId, chatId, messageId: id, citations, team } : null;

  return (
    <>
      {/* Focusable so keyboard users can scroll it; not a live region (no per-token speech). */}
      <section
        className="messages"
        ref={listRef}
        aria-label={t("app.conversation")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {chatId === null && !liveHere && !empty ? (
          <p className="empty-state">{t("app.pickChat")}</p>
        ) : null}
        {earlier ? (
          <PageBar edge="earlier" more={earlier} shown={messages.length} middle={later !== null} />
        ) : null}
        {shown.map((message) => {
          const isTarget = message.id === messageId;
          return (
            <article
              key={message.id}
              className={`message message-${message.role}${isTarget ? " is-target" : ""}`}
              data-message-id={message.id}
              tabIndex={isTarget ? -1 : undefined}
              aria-current={isTarget ? "true" : undefined}
            >
              <RoleLabel author={message.role} createdAt={message.createdAt}>
                {isTarget ? <span className="target-badge">{t("app.target.cited")}</span> : null}
                {isTarget ? backLink : null}
              </RoleLabel>
              <EvidenceOriginContext.Provider value={origin(message.id, message.citations)}>
                <div className="message-body">
                  {answerFirst(message.segments).map((segment, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's segments never reorder
                    <SegmentView key={index} segment={segment} />
                  ))}
                </div>
              </EvidenceOriginContext.Provider>
            </article>
          );
        })}
        {later ? (
          <PageBar edge="later" more={later} shown={messages.length} middle={earlier !== null} />
        ) : null}
        {liveHere ? (
          <EvidenceOriginContext.Provider value={origin(liveHere.assistantMessageId)}>
            <LiveMessages live={liveHere} onRetry={onRetry} />
          </EvidenceOriginContext.Provider>
        ) : null}
      </section>
    </>
  );
}

/** The running turn: the person's message and the assistant's parts as they stream. */
function LiveMessages({ live, onRetry }: Pick<MessageListProps, "onRetry"> & { live: LiveTurn }) {
  const { t } = useTranslation();
  return (
    <>
      <article className="message message-user">
        <RoleLabel author="user" createdAt={null} />
        <div className="message-body">
          <Markdown text={live.userText} />
        </div>
      </article>
      <article className="message message-assistant" aria-busy={!live.parts.ended}>
        <RoleLabel author="assistant" createdAt={null} />
        <div className="message-body">
          {live.parts.parts.length === 0 && !live.parts.ended ? (
            <p className="muted">{t("app.thinking")}</p>
          ) : null}
          {answerFirst(live.parts.parts).map((part, index) =>
            part.kind === "text" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts only append; a text part keeps its slot
              <Markdown key={`text-${index}`} text={part.text} />
            ) : (
              <CardView key={part.toolCallId} card={part.card} />
            ),
          )}
          {live.stopped ? <p className="muted">{t("app.turnStopped")}</p> : null}
          {turnFailed(live) ? <TurnFailure live={live} onRetry={onRetry} /> : null}
        </div>
      </article>
    </>
  );
}
