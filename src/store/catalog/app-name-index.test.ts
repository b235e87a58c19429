import { describe, expect, it } from "vitest";
import { readsEveryApp, recordingPrepares } from "../testing/recording-prepares.js";
import { storeWithApps } from "../testing/store-with-apps.js";
import { createAppNameIndex } from "./app-name-index.js";

describe("the app name index of a write", () => {
  it("finds a name as --app does: exact, else the one app alike; none when several are", () => {
    using store = storeWithApps("Shop", "Café  Notes", "Acme", "ACME");
    const names = createAppNameIndex(store.db);
    expect(
      ["Shop", "shop", " café notes ", "Acme", "ACME", "acme", "blog"].map(names.idOf),
    ).toEqual([1, 1, 2, 3, 4, null, null]);
  });

  it("reads every app at most once, and not at all while each name is stored exactly", () => {
    using store = storeWithApps("Shop", "Blog");
    const { db, prepared } = recordingPrepares(store.db);
    const names = createAppNameIndex(db);
    expect([names.idOf("Shop"), names.idOf("Blog")]).toEqual([1, 2]);
    expect(prepared.filter(readsEveryApp)).toHaveLength(0);
    const loose = Array.from({ length: 50 }, (_, index) => names.idOf(`new-app-${index}`));
    expect(loose).toEqual(Array(50).fill(null));
    expect([names.idOf("shop"), names.idOf("BLOG")]).toEqual([1, 2]);
    expect(prepared.filter(readsEveryApp)).toHaveLength(1);
  });

  it("keeps in step with the apps the transaction inserts and deletes after reading them", () => {
    using store = storeWithApps("Shop");
    const names = createAppNameIndex(store.db);
    expect(names.idOf("café")).toBeNull();
    const id = Number(
      store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('Café', 0)").run()
        .lastInsertRowid,
    );
    names.added(id, "Café");
    expect(names.idOf("CAFE")).toBe(id);
    store.db.prepare("DELETE FROM apps WHERE id = ?").run(id);
    names.removed(id, "Café");
    expect(names.idOf("CAFE")).toBeNull();
  });
});
