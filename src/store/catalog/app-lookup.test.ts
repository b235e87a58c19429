import { describe, expect, it } from "vitest";
import { AmbiguousAppNameError, AppNotFoundError } from "../../errors/recollect-error.js";
import { storeWithApps } from "../testing/store-with-apps.js";
import { appNameKey, existingAppName, matchAppName, resolveAppName } from "./app-lookup.js";

describe("looking an app up by a typed name", () => {
  it("ignores case, accents and spacing only when no app has the name exactly", () => {
    using store = storeWithApps("Tasktide", "Café  Notes", "Acme", "ACME");
    expect(appNameKey("  Café \t Notes ")).toBe("cafe notes");
    const found = (name: string) => {
      const match = matchAppName(store.db, name);
      return match.kind === "found" ? match.app.name : match;
    };
    expect(["tasktide", "TASKTIDE", "Tasktide", "cafe notes", "CAFÉ NOTES"].map(found)).toEqual([
      "Tasktide",
      "Tasktide",
      "Tasktide",
      "Café  Notes",
      "Café  Notes",
    ]);
    // An exact name always selects its own app, even beside one only a capital apart.
    expect([found("Acme"), found("ACME")]).toEqual(["Acme", "ACME"]);
    expect(matchAppName(store.db, "acme")).toEqual({ kind: "ambiguous", names: ["ACME", "Acme"] });
  });

  it("suggests at most 3 stored names within a third of the name's length in edits, closest first", () => {
    using store = storeWithApps("shop-web", "shop-api", "shop-app", "shop-apx", "billing");
    expect(matchAppName(store.db, "shop-ap")).toEqual({
      kind: "none",
      suggestions: ["shop-api", "shop-app", "shop-apx"],
    });
    expect(matchAppName(store.db, "SHOP-WEBB")).toEqual({
      kind: "none",
      suggestions: ["shop-web"],
    });
    expect(matchAppName(store.db, "payments")).toEqual({ kind: "none", suggestions: [] });
  });

  it("suggests, after the typos, the names a typed name starts or names some words of", () => {
    using store = storeWithApps(
      "eagerminds-bookmarks",
      "HaaV-CatalogService",
      "rfp_response_platform",
      "minsky",
      "rtchess",
    );
    const suggested = (name: string) => {
      const match = matchAppName(store.db, name);
      return match.kind === "none" ? match.suggestions : match;
    };
    expect(
      [
        "eagerminds",
        "haav",
        "RFP",
        "bookmarks",
        "minsk",
        "ea",
        "platform rfp",
        "chess",
        "catalog",
        "ess",
        "nosuchapp",
      ].map(suggested),
    ).toEqual([
      ["eagerminds-bookmarks"],
      ["HaaV-CatalogService"],
      ["rfp_response_platform"],
      ["eagerminds-bookmarks"],
      ["minsky"],
      [],
      ["rfp_response_platform"],
      ["rtchess"],
      ["HaaV-CatalogService"],
      [],
      [],
    ]);
  });

  it("throws the typed errors: not found with its suggestions, ambiguous with its candidates", () => {
    using store = storeWithApps("Tasktide", "Acme", "ACME");
    const notFound = (() => {
      try {
        return resolveAppName(store.db, "taskitde");
      } catch (error) {
        return error;
      }
    })();
    expect(notFound).toBeInstanceOf(AppNotFoundError);
    expect(notFound).toMatchObject({
      kind: "not_found",
      appName: "taskitde",
      suggestions: ["Tasktide"],
      message: 'App "taskitde" was not found. Did you mean "Tasktide"?',
    });
    expect(() => resolveAppName(store.db, "acme")).toThrow(AmbiguousAppNameError);
    expect(() => existingAppName(store.db, "acme")).toThrow(
      'Invalid --app: expected one of "ACME", "Acme", exactly as written ("acme" matches 2 apps that differ only in case, accents or spacing).',
    );
    expect([existingAppName(store.db, "TASKTIDE"), existingAppName(store.db, "New")]).toEqual([
      "Tasktide",
      null,
    ]);
  });
});
