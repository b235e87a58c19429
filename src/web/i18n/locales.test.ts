import { describe, expect, it } from "vitest";
import { createI18n, formatDate, LOCALES, pickLocale, RESOURCES } from "./index.js";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf key path of a string tree, e.g. `card.status.pending`. */
function leafKeys(tree: unknown, prefix = ""): string[] {
  if (typeof tree === "string") return [prefix];
  if (typeof tree !== "object" || tree === null) return [`${prefix}<not a string>`];
  return Object.entries(tree).flatMap(([key, value]) =>
    leafKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** Leaf values with their paths. */
function leafValues(tree: unknown, prefix = ""): Array<[string, string]> {
  if (typeof tree === "string") return [[prefix, tree]];
  if (typeof tree !== "object" || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) =>
    leafValues(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe("locales", () => {
  const reference = new Set(leafKeys(RESOURCES.en));

  it("has a resource for every supported locale", () => {
    expect(Object.keys(RESOURCES).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    it(`${locale} has exactly the English keys`, () => {
      const keys = new Set(leafKeys(RESOURCES[locale]));
      const missing = [...reference].filter((key) => !keys.has(key));
      const extra = [...keys].filter((key) => !reference.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${locale} keeps every interpolation placeholder of English`, () => {
      const english = new Map(leafValues(RESOURCES.en));
      const mismatched = leafValues(RESOURCES[locale]).filter(([key, value]) => {
        const placeholders = (text: string) =>
          [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        return (
          JSON.stringify(placeholders(value)) !==
          JSON.stringify(placeholders(english.get(key) ?? ""))
        );
      });
      expect(mismatched.map(([key]) => key)).toEqual([]);
    });

    it(`${locale} has no empty strings`, () => {
      expect(leafValues(RESOURCES[locale]).filter(([, value]) => value.trim() === "")).toEqual([]);
    });
  }

  it("every plural key has an _other form", () => {
    const plurals = [...reference].filter((key) => PLURAL_SUFFIX.test(key));
    const bases = new Set(plurals.map((key) => key.replace(PLURAL_SUFFIX, "")));
    for (const base of bases) expect(reference.has(`${base}_other`)).toBe(true);
  });

  it("translates, pluralizes and interpolates through i18next", () => {
    expect(createI18n("en").t("card.phase.reading", { count: 1 })).toBe(
      "Reading 1 relevant discussion…",
    );
    expect(createI18n("en").t("card.phase.reading", { count: 2 })).toBe(
      "Reading 2 relevant discussions…",
    );
    expect(createI18n("es").t("card.targets", { count: 6 })).toBe("6 fuentes de evidencia");
    expect(createI18n("ko").t("card.chats", { count: 3 })).toBe("채팅 3개");
    expect(createI18n("zh-CN").t("card.noMatch.title")).toBe("未找到相关的以往讨论");
    expect(createI18n("pt-BR").t("permissions.choice.never")).toBe("Nunca");
  });
});

describe("pickLocale", () => {
  it("matches exact tags, then language, else English", () => {
    expect(pickLocale(["ko-KR", "en"])).toBe("ko");
    expect(pickLocale(["pt-PT"])).toBe("pt-BR");
    expect(pickLocale(["zh-CN"])).toBe("zh-CN");
    expect(pickLocale(["de-DE", "fr"])).toBe("en");
    expect(pickLocale([])).toBe("en");
  });
});

describe("formatDate", () => {
  it("formats an ISO timestamp for the locale and keeps invalid input", () => {
    const iso = "2026-04-07T19:39:04.000Z";
    expect(formatDate(iso, "en")).toBe(
      new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(iso),
      ),
    );
    expect(formatDate(iso, "en")).toMatch(/2026/);
    expect(formatDate("not a date", "en")).toBe("not a date");
  });

  it("writes a dash for a time the store holds none of (null)", () => {
    expect(formatDate(null, "en")).toBe("—");
  });
});
