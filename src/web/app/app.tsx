/**
 * The app shell: skip link, a fixed header (navigation, the language picker and, below 720 px, the
 * button that opens the chat drawer), and the current page filling the rest of the viewport. The
 * page never scrolls as a whole: the message list scrolls inside it.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChatPage } from "../chat/chat-page.js";
import { CHAT_DRAWER_ID, DRAWER_TOGGLE_ID } from "../chat/chat-sidebar.js";
import { isLocale, LOCALE_NAMES, LOCALES } from "../i18n/index.js";
import { PermissionsPage } from "../permissions/permissions-page.js";
import { useHashRoute } from "./use-hash-route.js";

/** Where the chosen language is remembered in the browser. */
export const LOCALE_STORAGE_KEY = "recollect.locale";

/** The whole web app. */
export function App() {
  const { t, i18n } = useTranslation();
  const [route, navigate] = useHashRoute();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // Picking a chat (or any navigation) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => setDrawerOpen(false), [route]);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.title = t("app.title");
  }, [i18n.language, t]);

  return (
    <div className="app">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to the main region; it moves focus itself so the router's hash stays */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // The hash is the router's: moving focus here, not following `#main`, keeps the page.
          event.preventDefault();
          document.getElementById("main")?.focus();
        }}
      >
        {t("app.skipToContent")}
      </a>
      <header className="topbar">
        {route.page === "chat" ? (
          <button
            type="button"
            id={DRAWER_TOGGLE_ID}
            className="drawer-toggle button secondary"
            aria-expanded={drawerOpen}
            aria-controls={CHAT_DRAWER_ID}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M4 6h16M4 12h16M4 18h16"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span>{t("app.chats")}</span>
          </button>
        ) : null}
        <div className="brand">
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 3a9 9 0 1 0 9 9M12 7v5l3 2M17 3h4v4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="brand-name">{t("app.title")}</span>
          <span className="brand-tagline">{t("app.tagline")}</span>
        </div>
        <nav className="nav" aria-label={t("app.nav.label")}>
          <a
            href="#/chat"
            className={`nav-link${route.page === "chat" ? " is-current" : ""}`}
            aria-current={route.page === "chat" ? "page" : undefined}
          >
            {t("app.nav.chat")}
          </a>
          <a
            href="#/permissions"
            className={`nav-link${route.page === "permissions" ? " is-current" : ""}`}
            aria-current={route.page === "permissions" ? "page" : undefined}
          >
            {t("app.nav.permissions")}
          </a>
        </nav>
        <label className="language">
          <span className="visually-hidden">{t("app.language")}</span>
          <select
            className="select"
            value={i18n.language}
            onChange={(event) => {
              const next = event.target.value;
              if (!isLocale(next)) return;
              window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
              void i18n.changeLanguage(next);
            }}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {route.page === "permissions" ? (
          <PermissionsPage />
        ) : (
          <ChatPage
            appId={route.appId}
            appNotFound={route.appNotFound ?? false}
            chatId={route.chatId}
            messageId={route.messageId ?? null}
            from={route.from ?? null}
            team={route.team === true}
            navigate={navigate}
            drawerOpen={drawerOpen}
            closeDrawer={closeDrawer}
          />
        )}
      </main>
    </div>
  );
}
