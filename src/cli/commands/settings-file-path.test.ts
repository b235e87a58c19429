/**
 * Pro lives in the settings file beside the store, not in the database: a `.db` copied elsewhere
 * arrives without it. As real child processes, the Pro-locked error and `settings get` name the
 * settings file they read, so a person sees why the copy is not Pro.
 */
import { copyFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../../demo/index.js";
import { settingsPathForStore, settingsStoreForStorePath } from "../../settings/index.js";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

describe("the settings file a command read", () => {
  it("is named by the Pro-locked error and by settings get, for a copied store", async () => {
    const original = stores.path();
    {
      using store = openStore({ path: original });
      seedDemoHistory(store);
    }
    settingsStoreForStorePath(original).update(() => ({ entitlement: "pro" }));
    const copy = join(dirname(original), "copy.db");
    copyFileSync(original, copy);
    const copySettings = settingsPathForStore(copy)!;

    const refused = await runRecollectChild([
      "--db",
      copy,
      "--json",
      "search",
      "--app",
      "Tasktide",
      "auth",
    ]);
    expect([refused.code, JSON.parse(refused.stderr).error]).toMatchObject([
      4,
      { kind: "precondition", missing: "pro", settings_path: copySettings },
    ]);
    expect(JSON.parse(refused.stderr).error.message).toContain(
      `requires Pro (entitlement is free in ${copySettings}).`,
    );

    const [copied, kept] = await Promise.all([
      runRecollectChild(["--db", copy, "--json", "settings", "get", "entitlement"]),
      runRecollectChild(["--db", original, "--json", "settings", "get", "entitlement"]),
    ]);
    expect([JSON.parse(copied.stdout), JSON.parse(kept.stdout)]).toEqual([
      { key: "entitlement", value: "free", source: "default", settings_path: copySettings },
      {
        key: "entitlement",
        value: "pro",
        source: "stored",
        settings_path: settingsPathForStore(original),
      },
    ]);
  }, 60_000);
});
