/**
 * Browser entry: picks the locale (saved choice, then `?lang=`, then the browser's languages),
 * builds the i18n instance and mounts the app.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { App, LOCALE_STORAGE_KEY } from "./app/app.js";
import { createI18n, isLocale, pickLocale } from "./i18n/index.js";
import "./styles.css";

function initialLocale() {
  const fromQuery = new URLSearchParams(window.location.search).get("lang");
  if (fromQuery && isLocale(fromQuery)) return fromQuery;
  const saved = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  if (saved && isLocale(saved)) return saved;
  return pickLocale(navigator.languages);
}

const container = document.getElementById("root");
if (container) {
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={createI18n(initialLocale())}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  );
}
