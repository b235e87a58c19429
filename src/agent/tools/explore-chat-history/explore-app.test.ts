import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../engine/engine.js";
import { RecollectError } from "../../../errors/recollect-error.js";
import type { Store } from "../../../store/open-store.js";
import { exploreApp } from "./explore-app.js";
import { call, mockModel, standardStore } from "./testing/explore-test-fixtures.js";

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function setup() {
  const { store, ids } = standardStore();
  stores.push(store);
  const engine: Engine = {
    kind: "offline",
    modelId: "mock",
    languageModel: () =>
      mockModel([
        call("search_chats", { query: "authentication" }),
        call("submit_report", {
          summary: "s",
          findings: [{ claim: "c", candidate_ids: ["c1"] }],
          confidence: "high",
        }),
      ]),
  };
  const base = {
    store,
    appName: "Tasktide",
    query: "auth?",
    engine,
    isPro: true,
    signal: new AbortController().signal,
  };
  return { ids, base };
}

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return RecollectError.isInstance(error) ? `${error.kind}:${error.message}` : "unclassified";
  }
}

describe("exploreApp", () => {
  it("explores the named app with the same runner and returns its id", async () => {
    const { ids, base } = setup();
    const run = await exploreApp(base);
    expect(run.appId).toBe(ids.apps.get("Tasktide"));
    expect(run.report.findings[0]?.evidence).toHaveLength(1);
    expect(run.stats.searches).toBe(1);
  });

  it("checks input, Pro, Engine, app and chat before anything runs", async () => {
    const { ids, base } = setup();
    expect(await kindOf(exploreApp({ ...base, query: "  " }))).toBe(
      "invalid_input:Invalid question: expected 1 to 500 characters of text after trimming, with a letter or digit.",
    );
    expect(await kindOf(exploreApp({ ...base, isPro: false }))).toMatch(
      /^precondition:explore_chat_history requires Pro/,
    );
    expect(await kindOf(exploreApp({ ...base, engine: null }))).toBe(
      "precondition:Exploring needs an Engine; none is configured.",
    );
    expect(await kindOf(exploreApp({ ...base, appName: "Missing" }))).toMatch(
      /^not_found:App "Missing" was not found/,
    );
    const otherAppChat = ids.chats.get("secret")!;
    expect(await kindOf(exploreApp({ ...base, chatId: otherAppChat }))).toBe(
      `not_found:Chat ${otherAppChat} was not found in app "Tasktide".`,
    );
    expect(await kindOf(exploreApp({ ...base, chatId: 99999 }))).toBe(
      'not_found:Chat 99999 was not found in app "Tasktide".',
    );
  });
});
