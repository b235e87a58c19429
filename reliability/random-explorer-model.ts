/**
 * A randomized stand-in for the explorer's model (the explorer tests' `mockModel()`, an AI SDK
 * test model: the only fake, where a model would be). Each run follows a plan drawn from the
 * harness's seeded random source: which outcome the run aims at (success, classified error,
 * evidence-only fallback, cancel) and which searches and reads it makes on the way — including probes for other apps' canaries, chats and
 * messages. The test model records every prompt, so the harness can scan the tool results the
 * model saw as well as what the caller got.
 */
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { MockLanguageModelV3 } from "ai/test";
import {
  type MockTurn,
  mockModel,
} from "../src/agent/tools/explore-chat-history/testing/explore-test-fixtures.js";
import type { ReadChatInput } from "../src/history/types.js";
import { type CanaryApp, CJK_WORDS, SHARED_WORDS } from "./canary-store.js";
import type { Random } from "./random.js";

/** What a run aims at. The explorer decides the real outcome; the harness counts both. */
export type ExplorePlanKind = "success" | "error" | "evidence_only" | "cancelled";

/** A randomized model for one run. */
export interface RandomExplorerModel {
  readonly model: MockLanguageModelV3;
  readonly kind: ExplorePlanKind;
  /** Every tool-result output the explorer returned to the model so far, as JSON text. */
  toolResults(): string[];
  /** Query strings and ids the model itself sent (echoes, not disclosures). */
  readonly sentQueries: string[];
  readonly sentIds: Set<number>;
}

/** Options of {@link createRandomExplorerModel}. */
export interface RandomExplorerModelOptions {
  readonly random: Random;
  readonly caller: CanaryApp;
  readonly apps: readonly CanaryApp[];
  /** Cancels the run (the harness's AbortController). */
  readonly abort: () => void;
  /** Forces this plan kind instead of a random one. */
  readonly kind?: ExplorePlanKind;
}

/** Extra submit turns after a plan, for runs the host bounces back to the model. */
const SPARE_SUBMITS = 2;

/** A search query: own words, other apps' canaries and names, CJK, or junk. */
export function probeQuery(random: Random, caller: CanaryApp, apps: readonly CanaryApp[]): string {
  const words: string[] = [];
  for (let i = random.int(1, 3); i > 0; i -= 1) {
    const roll = random.next();
    if (roll < 0.5) words.push(random.pick(SHARED_WORDS));
    else if (roll < 0.65) words.push(random.pick(apps).canary);
    else if (roll < 0.75) words.push(random.pick(apps).name);
    else if (roll < 0.85) words.push(caller.canary);
    else if (roll < 0.95) words.push(random.pick(CJK_WORDS));
    else words.push(random.pick(['"', "*", "NEAR(", "OR", "-", "^", ":"]));
  }
  return words.join(" ");
}

/** A read input: mostly own chats, sometimes another app's or a missing one. */
export function probeRead(
  random: Random,
  caller: CanaryApp,
  apps: readonly CanaryApp[],
): ReadChatInput {
  const roll = random.next();
  const app = roll < 0.7 ? caller : random.pick(apps);
  const chatIndex = random.int(0, app.chatIds.length - 1);
  const chatId = roll < 0.93 ? (app.chatIds[chatIndex] ?? 1) : random.int(1, 99_999_999);
  if (random.chance(0.5))
    return { chat_id: chatId, offset: random.int(0, 8), limit: random.int(1, 20) };
  const messageApp = random.chance(0.85) ? app : random.pick(apps);
  const ids = messageApp.messageIds[random.int(0, messageApp.messageIds.length - 1)] ?? [];
  return {
    chat_id: chatId,
    around_message_id: ids[random.int(0, Math.max(0, ids.length - 1))] ?? 1,
    before: random.int(0, 10),
    after: random.int(0, 10),
  };
}

type PlannedCall = { readonly name: string; readonly args: Record<string, unknown> };

function retrievalCalls(
  random: Random,
  caller: CanaryApp,
  apps: readonly CanaryApp[],
  ownOnly: boolean,
): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (let i = random.int(1, 2); i > 0; i -= 1) {
    if (ownOnly || random.chance(0.6)) {
      const query = ownOnly
        ? `${random.pick(SHARED_WORDS)} ${random.pick(SHARED_WORDS)}`
        : probeQuery(random, caller, apps);
      calls.push({ name: "search_chats", args: { query, limit: random.int(1, 20) } });
    } else {
      calls.push({ name: "read_chat", args: { ...probeRead(random, caller, apps) } });
    }
  }
  return calls;
}

function submitCall(random: Random): PlannedCall {
  const cite = () =>
    Array.from(
      { length: random.int(0, 4) },
      () => `c${random.int(1, random.chance(0.8) ? 8 : 40)}`,
    );
  return {
    name: "submit_report",
    args: {
      summary: "Analysis of the observed messages.",
      findings: Array.from({ length: random.int(0, 3) }, (_, i) => ({
        claim: `Finding ${i + 1}.`,
        candidate_ids: cite(),
      })),
      conflicts: random.chance(0.3)
        ? [{ description: "Two decisions differ.", candidate_ids: cite() }]
        : [],
      missing_coverage: [],
      confidence: random.pick(["high", "medium", "low"] as const),
    },
  };
}

function failTurn(random: Random): MockTurn {
  return random.chance(0.5)
    ? { throws: new Error("scripted model failure") }
    : { errorPart: new Error("scripted stream error part") };
}

/** The run's turns: retrieval steps, then the ending its kind aims at. */
function planTurns(
  kind: ExplorePlanKind,
  options: RandomExplorerModelOptions,
): Array<MockTurn | (() => MockTurn)> {
  const { random, caller, apps } = options;
  const retrieval = (count: number, ownOnly = false): MockTurn[] =>
    Array.from({ length: count }, () => ({
      calls: retrievalCalls(random, caller, apps, ownOnly),
    }));
  const submits = (count: number): MockTurn[] =>
    Array.from({ length: count }, () => ({ calls: [submitCall(random)] }));
  switch (kind) {
    case "success":
      return [...retrieval(random.int(1, 4)), ...submits(1 + SPARE_SUBMITS)];
    case "error":
      return [failTurn(random), failTurn(random)];
    case "evidence_only":
      return [...retrieval(random.int(1, 2), true), failTurn(random), failTurn(random)];
    case "cancelled": {
      const immediately = random.chance(0.5);
      const delayMs = random.int(0, 3);
      const cancel = (): MockTurn => {
        if (immediately) options.abort();
        else setTimeout(options.abort, delayMs);
        return { hang: true };
      };
      return [...retrieval(random.int(0, 3)), cancel];
    }
  }
}

/** Every tool-result output in the prompts the model received, once each, as JSON text. */
function toolResultsSeen(calls: readonly LanguageModelV3CallOptions[]): string[] {
  const seen = new Map<string, string>();
  for (const call of calls) {
    for (const message of call.prompt) {
      if (message.role !== "tool") continue;
      for (const part of message.content) {
        if (part.type === "tool-result") seen.set(part.toolCallId, JSON.stringify(part.output));
      }
    }
  }
  return [...seen.values()];
}

/** Builds the model for one run. */
export function createRandomExplorerModel(
  options: RandomExplorerModelOptions,
): RandomExplorerModel {
  const kinds: readonly ExplorePlanKind[] = ["success", "error", "evidence_only", "cancelled"];
  const kind = options.kind ?? options.random.pick(kinds);
  const turns = planTurns(kind, options);
  const sentQueries: string[] = [];
  const sentIds = new Set<number>();
  for (const turn of turns) {
    if (typeof turn === "function" || !("calls" in turn)) continue;
    for (const call of turn.calls) {
      const args = call.args as Record<string, unknown>;
      if (typeof args.query === "string") sentQueries.push(args.query);
      for (const key of ["chat_id", "around_message_id"]) {
        const id = args[key];
        if (typeof id === "number") sentIds.add(id);
      }
    }
  }
  const model = mockModel(turns);
  return {
    model,
    kind,
    toolResults: () => toolResultsSeen(model.doStreamCalls),
    sentQueries,
    sentIds,
  };
}
