/**
 * An unknown `--app` on a store that holds no apps yet suggests what `apps` suggests there
 * (import or sync), not `apps`, which would list nothing: every command that takes `--app`,
 * through the real `recollect` process.
 */
import { afterEach, describe, expect, it } from "vitest";
import { storeApps } from "../store/catalog/app-writes.js";
import { openStore } from "../store/open-store.js";
import { createTempStores } from "./commands/testing/run-captured.js";
import { runRecollectChild } from "./commands/testing/run-child.js";
import { recollectInvocation } from "./recollect-invocation.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const RUN = recollectInvocation(process.env).join(" ");

/** Every command with `--app`, as a person would type it (serve on a free port). */
const APP_COMMANDS: readonly (readonly string[])[] = [
  ["serve", "--port", "0", "--app", "Nope"],
  ["explore", "why?", "--app", "Nope"],
  ["search", "--app", "Nope", "deploy"],
  ["read", "--app", "Nope", "--chat", "1"],
  ["chats", "--app", "Nope"],
  ["mcp", "--app", "Nope"],
];

describe("an unknown --app", () => {
  it("on a store with no apps suggests filling it, as apps does; with apps, listing them", async () => {
    const db = stores.path();
    const settings = await runRecollectChild(["--db", db, "settings", "set", "entitlement", "pro"]);
    expect(settings.code).toBe(0);
    const fill = [`${RUN} --db ${db} import <paths…>`, `${RUN} --db ${db} sync`];
    const apps = await runRecollectChild(["--db", db, "--json", "apps"]);
    expect([apps.code, JSON.parse(apps.stdout)]).toEqual([0, []]);
    for (const args of APP_COMMANDS) {
      const run = await runRecollectChild(["--db", db, "--json", ...args]);
      expect({ args, code: run.code, error: JSON.parse(run.stderr).error }).toMatchObject({
        args,
        code: 3,
        error: { kind: "not_found", app_name: "Nope", store_has_apps: false, remedies: fill },
      });
    }
    const store = openStore({ path: db });
    storeApps(store.db).idFor({ name: "Other", path: null }, 0);
    store.close();
    const chats = await runRecollectChild(["--db", db, "--json", "chats", "--app", "Nope"]);
    expect([chats.code, JSON.parse(chats.stderr).error]).toMatchObject([
      3,
      { kind: "not_found", store_has_apps: true, remedies: [`${RUN} --db ${db} apps`] },
    ]);
    expect(chats.stderr).not.toContain("Other");
  }, 180_000);
});
