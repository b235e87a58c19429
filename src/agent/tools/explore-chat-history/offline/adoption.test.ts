/**
 * Revisions and adoption (revision.ts, through the report): a later statement that adopts what an
 * earlier one proposed agrees with it; only one that turns away from a stated value revises it.
 */
import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const at = (day: number, minute: number) =>
  `2026-03-0${day}T10:${String(minute).padStart(2, "0")}:00.000Z`;

/**
 * A history in two chats: the person keeps the search cache in Memcached (chat 1);
 * later (chat 2) they ask, the assistant proposes `proposal`, and they move the cache to Valkey.
 */
function history(proposal: string) {
  return [
    observation("c1", "The search cache lives in Memcached on the app server.", {
      chatId: 1,
      createdAt: at(1, 0),
    }),
    observation("c2", "Memcached keeps dropping the search cache on restart. What else fits?", {
      chatId: 2,
      createdAt: at(2, 0),
    }),
    observation("c3", proposal, { chatId: 2, role: "assistant", createdAt: at(2, 1) }),
    observation("c4", "Then we replace Memcached with Valkey for the search cache.", {
      chatId: 2,
      createdAt: at(2, 2),
    }),
  ];
}

const pairsFor = (proposal: string) =>
  reportFor(
    runState("Where does the search cache live?", history(proposal)),
    DEFAULT_POLICY,
  ).conflicts.map((conflict) => conflict.candidate_ids);

describe("supersede: adoption is agreement", () => {
  test("the statement that adopts the proposal revises the old value, not the proposal", () => {
    const pairs = pairsFor("Valkey can hold the search cache and persists it across restarts.");
    expect(pairs).toContainEqual(["c1", "c4"]);
    expect(pairs).not.toContainEqual(["c3", "c4"]);
  });

  test("a later statement that picks a value the proposal did not name is shown, not labelled", () => {
    // Only what the newer turns away from (Memcached) is an established revision; the proposal it
    // passes over without a word is cited in time order (revision.ts).
    const pairs = pairsFor("Dragonfly can hold the search cache and persists it across restarts.");
    expect(pairs).toEqual([["c1", "c4"]]);
  });
});

describe("supersede: the direction of a revision", () => {
  /** One chat: the person asks, the assistant proposes Valkey, the person adopts it. */
  const chat = (adoption: string) => [
    observation("c1", "Memcached drops the search cache on restart. What else fits?", {
      createdAt: at(2, 0),
    }),
    observation("c2", "Valkey can hold the search cache and persists it across restarts.", {
      role: "assistant",
      createdAt: at(2, 1),
    }),
    observation("c3", adoption, { createdAt: at(2, 2) }),
  ];
  const pairs = (adoption: string) =>
    reportFor(
      runState("Where does the search cache live?", chat(adoption)),
      DEFAULT_POLICY,
    ).conflicts.map((conflict) => conflict.candidate_ids);

  test("adopting the proposal while dropping a value the proposal never named is no revision", () => {
    expect(pairs("Then we replace Memcached with Valkey for the search cache.")).toEqual([]);
    expect(pairs("Let's keep the search cache in Valkey instead of Memcached.")).toEqual([]);
  });

  test("dropping the very value the proposal named revises it", () => {
    expect(pairs("We replace Valkey with Dragonfly for the search cache.")).toEqual([["c2", "c3"]]);
  });
});

describe("supersede: a question states no value", () => {
  test("a later question that names another value revises nothing; a turn away from it does", () => {
    const later = (text: string) => [
      observation("c1", "The search cache lives in Memcached on the app server.", {
        chatId: 1,
        createdAt: at(1, 0),
      }),
      observation("c2", text, { chatId: 2, createdAt: at(2, 0) }),
    ];
    const pairs = (text: string) =>
      reportFor(
        runState("Where does the search cache live?", later(text)),
        DEFAULT_POLICY,
      ).conflicts.map((conflict) => conflict.candidate_ids);
    expect(pairs("Could the search cache live in Valkey on the app server instead?")).toEqual([]);
    // A restatement with another value is shown newest first but not labelled (revision.ts).
    expect(pairs("The search cache lives in Valkey on the app server now.")).toEqual([]);
    expect(pairs("The search cache moved off Memcached: it lives in Valkey now.")).toEqual([
      ["c1", "c2"],
    ]);
  });
});
