/**
 * The app shell: skip link, header with navigation and the language picker, and the current page.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ChatPage } from "../chat/chat-page.js";
import { isLocale, LOCALE_NAMES, LOCALES } from "../i18n/index.js";
import { PermissionsPage } from "../permissions/permissions-page.js";
import { useHashRoute } from "./use-hash-route.js";

/** Where the chosen language is remembered in the browser. */
export const LOCALE_STORAGE_KEY = "recollect.locale";

/** The whole web app. */
export function App() {
  const { t, i18n } = useTranslation();
  const [route, navigate] = useHashRoute();

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.title = t("app.title");
  }, [i18n.language, t]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className="topbar">
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
          <ChatPage appId={route.appId} chatId={route.chatId} navigate={navigate} />
        )}
      </main>
    </div>
  );
}
