/**
 * The web app's i18n seam: five locales (DESIGN.md § Card: en, es, ko, pt-BR, zh-CN), an i18next
 * instance factory (no module-level instance, so tests and the app each build their own), and
 * Intl-based date formatting. Every string of the card, the consent dialog and the permissions
 * page comes from these resources.
 */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./locales/en.js";
import { es } from "./locales/es.js";
import { ko } from "./locales/ko.js";
import { ptBR } from "./locales/pt-br.js";
import { zhCN } from "./locales/zh-cn.js";

/** Supported locale tags, in the order the language picker lists them. */
export const LOCALES = ["en", "es", "ko", "pt-BR", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each locale's own name for itself, for the language picker. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Español",
  ko: "한국어",
  "pt-BR": "Português (Brasil)",
  "zh-CN": "简体中文",
};

/** Translation resources keyed by locale; `en` is the reference. */
export const RESOURCES = {
  en,
  es,
  ko,
  "pt-BR": ptBR,
  "zh-CN": zhCN,
} as const;

/** True if `value` is one of {@link LOCALES}. */
export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the best supported locale for a list of BCP-47 tags (e.g. `navigator.languages`): exact
 * match, then language-only match (`pt-PT` → `pt-BR`, `zh-TW` → `zh-CN`), else `en`.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    if (isLocale(tag)) return tag;
    const language = tag.split("-")[0]?.toLowerCase();
    const match = LOCALES.find((locale) => locale.split("-")[0]?.toLowerCase() === language);
    if (match) return match;
  }
  return "en";
}

/**
 * Builds and initializes an i18next instance for `locale` with every resource loaded
 * synchronously (no backend, no network). Missing keys fall back to English.
 */
export function createI18n(locale: Locale): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: "en",
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(
      Object.entries(RESOURCES).map(([tag, tree]) => [tag, { translation: tree }]),
    ),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

/**
 * A human-readable local date and time for an ISO-8601 timestamp, e.g. "Apr 7, 2026, 7:39 PM" in
 * `en`, "2026. 4. 7. 오후 7:39" in `ko`. Returns the input unchanged if it is not a valid date,
 * and "—" for null (a stored time that is no date: the store holds no time to show).
 * The ISO value itself stays in the model result (plan § Accessibility).
 */
export function formatDate(iso: string | null, locale: string): string {
  if (iso === null) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
