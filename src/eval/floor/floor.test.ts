import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../store/open-store.js";
import { buildFloorIndex } from "./floor-index.js";
import { floorMatch, floorTerms } from "./floor-query.js";

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

/** A store with two apps; returns message ids by label. */
function seeded() {
  const store = openStore({ path: ":memory:" });
  stores.push(store);
  const db = store.db;
  const app = (name: string) =>
    Number(
      db.prepare("INSERT INTO apps (name, created_at) VALUES (?, 0)").run(name).lastInsertRowid,
    );
  const chat = (appId: number, key: string) =>
    Number(
      db
        .prepare(
          "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, 'Deploying', 0, 't', ?)",
        )
        .run(appId, key).lastInsertRowid,
    );
  const message = (chatId: number, content: string) =>
    Number(
      db
        .prepare(
          "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', ?, 0)",
        )
        .run(chatId, content).lastInsertRowid,
    );
  const alpha = app("Alpha");
  const beta = app("Beta");
  const a1 = chat(alpha, "a1");
  const a2 = chat(alpha, "a2");
  const b1 = chat(beta, "b1");
  const ids = {
    deployed: message(a1, "We deployed it to Fly.io yesterday."),
    fence: message(a2, "```sh\nfly deploy --remote-only\n```"),
    other: message(a1, "The charts use Chart.js."),
    beta: message(b1, "Deploying deploy deployment to Heroku."),
    alpha,
    beta_app: beta,
  };
  return { store, ids };
}

describe("floorTerms / floorMatch", () => {
  it("keeps the question's non-stopword words, lower-cased, deduplicated, each quoted", () => {
    expect(floorTerms('Where did we DEPLOY the app? Deploy "it" to fly.io!')).toEqual([
      "deploy",
      "app",
      "fly",
      "io",
    ]);
    expect(floorMatch("deploy fly")).toBe('"deploy" OR "fly"');
    expect(floorMatch("what did we do?")).toBeNull();
  });
});

describe("buildFloorIndex", () => {
  it("ranks the app's raw messages by bm25 with porter stemming, never another app's", () => {
    const { store, ids } = seeded();
    const floor = buildFloorIndex(store);
    try {
      const hits = floor.rank(ids.alpha, "how do we deploy?", 10);
      expect(hits.map((hit) => hit.messageId).sort()).toEqual([ids.deployed, ids.fence].sort());
      expect(floor.rank(ids.beta_app, "how do we deploy?", 10).map((hit) => hit.messageId)).toEqual(
        [ids.beta],
      );
      expect(floor.rank(ids.alpha, "how do we deploy?", 1)).toHaveLength(1);
      expect(floor.rank(ids.alpha, "what did we do?", 10)).toEqual([]);
      expect(floor.rank(999, "deploy", 10)).toEqual([]);
    } finally {
      floor.close();
    }
  });
});
