import { describe, expect, it } from "vitest";
import { AppNameTakenError } from "../../errors/app-name-taken-error.js";
import { AmbiguousAppNameError, AppNotFoundError } from "../../errors/recollect-error.js";
import { openStore } from "../open-store.js";
import { renameApp } from "./app-rename.js";

/** A migrated in-memory store holding apps of these names (ids 1, 2, … in order), one chat each. */
function storeWith(...names: string[]) {
  const store = openStore({ path: ":memory:" });
  const app = store.db.prepare("INSERT INTO apps (name, created_at) VALUES (?, 0)");
  const chat = store.db.prepare(
    "INSERT INTO chats (app_id, created_at, source, external_id) VALUES (?, 0, 'test', ?)",
  );
  for (const name of names) chat.run(app.run(name).lastInsertRowid, name);
  return store;
}

const names = (store: ReturnType<typeof storeWith>) =>
  store.db.prepare("SELECT id, name FROM apps ORDER BY id").all();
const chatApps = (store: ReturnType<typeof storeWith>) =>
  store.db.prepare("SELECT external_id, app_id FROM chats ORDER BY id").all();

/** The error `fn` throws. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

const ARGUMENTS = { fromArgument: "<old>", toArgument: "<new>" } as const;

describe("renaming an app", () => {
  it("changes only apps.name, looked up as --app is; its chats stay with it", () => {
    using store = storeWith("Shop", "Café Notes");
    const before = chatApps(store);
    expect(renameApp(store.db, { from: "cafe notes", to: "Notebook", ...ARGUMENTS })).toEqual({
      id: 2,
      oldName: "Café Notes",
      name: "Notebook",
    });
    expect(names(store)).toEqual([
      { id: 1, name: "Shop" },
      { id: 2, name: "Notebook" },
    ]);
    expect(chatApps(store)).toEqual(before);
    // Its own name in another case is no conflict: only this app matches it.
    expect(renameApp(store.db, { from: "Shop", to: "SHOP", ...ARGUMENTS }).name).toBe("SHOP");
  });

  it("refuses a new name another app has, exactly or but for case, accents and spacing, writing nothing", () => {
    using store = storeWith("Shop", "Café Notes");
    for (const [to, takenBy] of [
      ["Café Notes", "Café Notes"],
      ["CAFE  notes", "Café Notes"],
    ] as const) {
      const error = thrownBy(() => renameApp(store.db, { from: "Shop", to, ...ARGUMENTS }));
      expect(error).toBeInstanceOf(AppNameTakenError);
      expect(error).toMatchObject({
        kind: "invalid_input",
        argument: "<new>",
        appName: to,
        takenBy,
      });
    }
    expect(names(store)).toEqual([
      { id: 1, name: "Shop" },
      { id: 2, name: "Café Notes" },
    ]);
  });

  it("refuses an old name that selects no app, or several, naming <old>", () => {
    using store = storeWith("Acme", "ACME", "Shop");
    const ambiguous = thrownBy(() => renameApp(store.db, { from: "acme", to: "X", ...ARGUMENTS }));
    expect(ambiguous).toBeInstanceOf(AmbiguousAppNameError);
    expect(ambiguous).toMatchObject({ argument: "<old>", candidates: ["ACME", "Acme"] });
    const missing = thrownBy(() => renameApp(store.db, { from: "Shopp", to: "X", ...ARGUMENTS }));
    expect(missing).toBeInstanceOf(AppNotFoundError);
    expect(missing).toMatchObject({ kind: "not_found", argument: "<old>", suggestions: ["Shop"] });
    expect(names(store).map((row) => (row as { name: string }).name)).toEqual([
      "Acme",
      "ACME",
      "Shop",
    ]);
  });
});
