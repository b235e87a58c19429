/**
 * The app picker and chat lists. On a wide screen it is a sidebar; below 720 px it is a drawer the
 * header's "Chats" button opens (CSS decides which; this component only knows open or closed).
 * The person's own chats (started here; turns go there) are listed apart from the imported
 * chats, the archive the explorer reads, which the web app never writes to.
 * Open, it takes focus; Escape or the backdrop closes it and focus returns to the header button.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { AppsResponse, ChatsResponse } from "../../server/shared/api-types.js";
import type { Route } from "../app/use-hash-route.js";
import { formatDate } from "../i18n/index.js";
import { KeptBadge } from "./chat-header.js";

/** The id of the drawer, for the header button's `aria-controls`. */
export const CHAT_DRAWER_ID = "chat-drawer";
/** The id of the header button that opens the drawer (focus returns to it on close). */
export const DRAWER_TOGGLE_ID = "drawer-toggle";

/** Props of {@link ChatSidebar}. */
export interface ChatSidebarProps {
  readonly apps: AppsResponse["apps"] | null;
  readonly chats: ChatsResponse["chats"];
  readonly appId: number | null;
  readonly chatId: number | null;
  readonly navigate: (route: Route) => void;
  /** True when the narrow-screen drawer is open. */
  readonly drawerOpen: boolean;
  readonly closeDrawer: () => void;
}

/** The sidebar / drawer. */
export function ChatSidebar(props: ChatSidebarProps) {
  const { apps, chats, appId, chatId, navigate, drawerOpen, closeDrawer } = props;
  const { t } = useTranslation();
  const pickerRef = useRef<HTMLSelectElement>(null);
  const wasOpen = useRef(false);

  const drawerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeDrawer();
      // An open drawer is modal on a phone: Tab and Shift+Tab cycle inside it.
      if (event.key === "Tab" && drawerRef.current) {
        const focusable = [
          ...drawerRef.current.querySelectorAll<HTMLElement>(
            "a[href], button:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])",
          ),
        ];
        const first = focusable[0];
        const last = focusable.at(-1);
        const active = document.activeElement;
        const inside = drawerRef.current.contains(active);
        if (event.shiftKey && (active === first || !inside)) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && (active === last || !inside)) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen, closeDrawer]);

  useEffect(() => {
    if (drawerOpen) pickerRef.current?.focus();
    else if (wasOpen.current) document.getElementById(DRAWER_TOGGLE_ID)?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);

  return (
    <>
      {/* Pointer-only: Escape and the Close button close the drawer by keyboard. */}
      <div
        className={`drawer-backdrop${drawerOpen ? " is-open" : ""}`}
        aria-hidden="true"
        onClick={closeDrawer}
      />
      <aside
        ref={drawerRef}
        id={CHAT_DRAWER_ID}
        className={`sidebar${drawerOpen ? " is-open" : ""}`}
        aria-label={t("app.chats")}
      >
        <div className="drawer-head">
          <label className="field-label" htmlFor="app-picker">
            {t("app.appPicker")}
          </label>
          <button type="button" className="button secondary drawer-close" onClick={closeDrawer}>
            {t("app.drawer.close")}
          </button>
        </div>
        <select
          id="app-picker"
          ref={pickerRef}
          className="select"
          value={appId ?? ""}
          onChange={(event) =>
            navigate({ page: "chat", appId: Number(event.target.value), chatId: null })
          }
        >
          {/* No app chosen (or the route's app does not exist): none of the real apps looks picked. */}
          {appId === null ? <option value="" disabled hidden /> : null}
          {apps?.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button secondary new-chat"
          disabled={appId === null}
          onClick={() => appId !== null && navigate({ page: "chat", appId, chatId: null })}
        >
          {t("app.newChat")}
        </button>
        {chats.length === 0 ? <p className="muted">{t("app.noChats")}</p> : null}
        <ChatList
          heading={t("app.ownChats")}
          kind="web"
          empty={chats.length > 0 ? t("app.noOwnChats") : null}
          chats={chats.filter((chat) => chat.origin === "web")}
          chatId={chatId}
          closeDrawer={closeDrawer}
        />
        <ChatList
          heading={t("app.importedChats")}
          kind="imported"
          empty={null}
          chats={chats.filter((chat) => chat.origin === "imported")}
          chatId={chatId}
          closeDrawer={closeDrawer}
        />
      </aside>
    </>
  );
}

/** One titled list of chats; nothing when it is empty and has no `empty` line. */
function ChatList(props: {
  readonly heading: string;
  readonly kind: ChatsResponse["chats"][number]["origin"];
  readonly empty: string | null;
  readonly chats: ChatsResponse["chats"];
  readonly chatId: number | null;
  readonly closeDrawer: () => void;
}) {
  const { heading, kind, empty, chats, chatId, closeDrawer } = props;
  const { t, i18n } = useTranslation();
  if (chats.length === 0 && empty === null) return null;
  const headingId = `chat-list-${kind}`;
  return (
    <section className="chat-group" data-origin={kind} aria-labelledby={headingId}>
      <h2 className="sidebar-heading" id={headingId}>
        {heading}
      </h2>
      {chats.length === 0 ? <p className="muted">{empty}</p> : null}
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
                // The current chat's link changes no route, so it closes the drawer itself.
                onClick={closeDrawer}
              >
                <span className="chat-link-title">{title}</span>
                <time className="chat-link-date" dateTime={chat.createdAt ?? undefined}>
                  {formatDate(chat.createdAt, i18n.language)}
                </time>
                {chat.kept ? <KeptBadge /> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
