/**
 * A randomized stand-in for the explorer's model (an AI SDK test model: the only fake, where a
 * model would be). Each run follows a plan drawn from the harness's seeded random source: which
 * outcome the run aims at (success, classified error, evidence-only fallback, cancel) and which
 * searches and reads it makes on the way — including probes for other apps' canaries, chats and
 * messages. It records every tool result the explorer sent back, so the harness can scan what the
 * model saw as well as what the caller got.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { type CanaryApp, CJK_WORDS, SHARED_WORDS } from "./canary-store.js";
import type { Random } from "./random.js";

/** What a run aims at. The explorer decides the real outcome; the harness counts both. */
export type ExplorePlanKind = "success" | "error" | "evidence_only" | "cancelled";

/** A randomized model for one run. */
export interface RandomExplorerModel {
  readonly model: MockLanguageModelV3;
  readonly kind: ExplorePlanKind;
  /** Every tool-result output the explorer returned to the model, as JSON text. */
  readonly toolResults: string[];
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

type Step =
  | { readonly type: "calls"; readonly calls: ReadonlyArray<{ name: string; args: unknown }> }
  | { readonly type: "fail" }
  | { readonly type: "cancel" }
  | { readonly type: "submit" };

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

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
): Record<string, number> {
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

function retrievalStep(
  random: Random,
  caller: CanaryApp,
  apps: readonly CanaryApp[],
  ownOnly: boolean,
): Step {
  const calls: Array<{ name: string; args: unknown }> = [];
  for (let i = random.int(1, 2); i > 0; i -= 1) {
    if (ownOnly || random.chance(0.6)) {
      const query = ownOnly
        ? `${random.pick(SHARED_WORDS)} ${random.pick(SHARED_WORDS)}`
        : probeQuery(random, caller, apps);
      calls.push({ name: "search_chats", args: { query, limit: random.int(1, 20) } });
    } else {
      calls.push({ name: "read_chat", args: probeRead(random, caller, apps) });
    }
  }
  return { type: "calls", calls };
}

function planSteps(
  kind: ExplorePlanKind,
  random: Random,
  caller: CanaryApp,
  apps: readonly CanaryApp[],
): Step[] {
  const retrieval = (count: number, ownOnly = false) =>
    Array.from({ length: count }, () => retrievalStep(random, caller, apps, ownOnly));
  switch (kind) {
    case "success":
      return [...retrieval(random.int(1, 4)), { type: "submit" }];
    case "error":
      return [{ type: "fail" }, { type: "fail" }];
    case "evidence_only":
      return [...retrieval(random.int(1, 2), true), { type: "fail" }, { type: "fail" }];
    case "cancelled":
      return [...retrieval(random.int(0, 3)), { type: "cancel" }];
  }
}

function streamOf(parts: LanguageModelV3StreamPart[]): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

function submitArgs(random: Random) {
  const cite = () =>
    Array.from(
      { length: random.int(0, 4) },
      () => `c${random.int(1, random.chance(0.8) ? 8 : 40)}`,
    );
  return {
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
  };
}

function recordToolResults(options: LanguageModelV3CallOptions, into: string[]): void {
  for (const message of options.prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") into.push(JSON.stringify(part.output));
    }
  }
}

/** Builds the model for one run. */
export function createRandomExplorerModel(
  options: RandomExplorerModelOptions,
): RandomExplorerModel {
  const { random, caller, apps } = options;
  const kinds: readonly ExplorePlanKind[] = ["success", "error", "evidence_only", "cancelled"];
  const kind = options.kind ?? random.pick(kinds);
  const steps = planSteps(kind, random, caller, apps);
  const toolResults: string[] = [];
  const sentQueries: string[] = [];
  const sentIds = new Set<number>();
  let index = 0;
  let lastPromptLength = 0;
  const model = new MockLanguageModelV3({
    doStream: async (call) => {
      // Each call's prompt repeats the earlier results; record only what is new since the last.
      const results: string[] = [];
      recordToolResults(call, results);
      toolResults.push(...results.slice(lastPromptLength));
      lastPromptLength = results.length;
      const step: Step = steps[index] ?? { type: "submit" };
      const callNumber = index;
      index += 1;
      if (step.type === "fail") {
        if (random.chance(0.5)) throw new Error("scripted model failure");
        return {
          stream: streamOf([
            { type: "stream-start", warnings: [] },
            { type: "error", error: new Error("scripted stream error part") },
            { type: "finish", finishReason: { unified: "error", raw: "error" }, usage: USAGE },
          ]),
        };
      }
      if (step.type === "cancel") {
        const immediately = random.chance(0.5);
        const delayMs = random.int(0, 3);
        if (immediately) options.abort();
        return {
          stream: new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              controller.enqueue({ type: "stream-start", warnings: [] });
              call.abortSignal?.addEventListener("abort", () =>
                controller.error(new DOMException("aborted", "AbortError")),
              );
              if (!immediately) setTimeout(options.abort, delayMs);
            },
          }),
        };
      }
      const calls =
        step.type === "submit" ? [{ name: "submit_report", args: submitArgs(random) }] : step.calls;
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      calls.forEach((toolCall, k) => {
        const args = toolCall.args as Record<string, unknown>;
        if (typeof args.query === "string") sentQueries.push(args.query);
        for (const key of ["chat_id", "around_message_id"]) {
          if (typeof args[key] === "number") sentIds.add(args[key] as number);
        }
        parts.push({
          type: "tool-call",
          toolCallId: `call_${callNumber}_${k}`,
          toolName: toolCall.name,
          input: JSON.stringify(toolCall.args),
        });
      });
      parts.push({
        type: "finish",
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage: USAGE,
      });
      return { stream: streamOf(parts) };
    },
  });
  return { model, kind, toolResults, sentQueries, sentIds };
}
