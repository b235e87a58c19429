/**
 * Check 1 — app isolation under a random mix: `calls` randomized calls of `searchChats()`,
 * `readChat()` and the explorer (`runExplorer()` on a randomized test model) on the canary store,
 * each locked to a random caller app. Every result, error, progress event, telemetry stats object
 * and every tool result the model saw is scanned for another app's canary, name or id; results
 * are also checked structurally (every chat and message they name is the caller's), and a read of
 * another app's chat must fail exactly like a read of a chat that never existed.
 */
import { createStoreMessageLocator } from "../../src/agent/tools/explore-chat-history/message-locator.js";
import { runExplorer } from "../../src/agent/tools/explore-chat-history/run-explorer.js";
import { RecollectError } from "../../src/errors/recollect-error.js";
import { readChat, searchChats } from "../../src/history/index.js";
import type { RetrievalContext } from "../../src/history/types.js";
import { type CanaryApp, type CanaryStore, createCanaryStore } from "../canary-store.js";
import { atLeast, atMost, type Figure } from "../figure.js";
import { createLeakScanner, type Leak, type LeakScanner, textOf } from "../leak-scan.js";
import { createRandom, type Random } from "../random.js";
import { createRandomExplorerModel, probeQuery, probeRead } from "../random-explorer-model.js";

/** Options of {@link runIsolationCheck}. */
export interface IsolationCheckOptions {
  /** Top-level calls to make (the issue: ≥ 10,000). */
  readonly calls: number;
  readonly seed: number;
  readonly log: (line: string) => void;
}

/** A chat id no app has (8 digits, outside every app's range). */
const MISSING_CHAT_ID = 99_990_001;

interface Tally {
  scanned: number;
  search: number;
  read: number;
  explore: number;
  leaks: Leak[];
  outsideApp: number;
  distinguishableNotFound: number;
  unclassified: number;
  lateCompletions: number;
  outcomes: Record<"reported" | "classified_error" | "evidence_only" | "cancelled", number>;
}

/** What one call needs: the run's random source and tally, the store, the caller and its scanner. */
interface CallScope {
  readonly random: Random;
  readonly tally: Tally;
  readonly canary: CanaryStore;
  readonly caller: CanaryApp;
  readonly scanner: LeakScanner;
}

function scanInto(
  tally: Tally,
  scanner: LeakScanner,
  text: string,
  options?: Parameters<LeakScanner["scan"]>[1],
): void {
  tally.scanned += 1;
  tally.leaks.push(...scanner.scan(text, options));
}

function contextFor(random: Random, canary: CanaryStore, caller: CanaryApp): RetrievalContext {
  if (random.chance(0.6)) {
    return {
      store: canary.store,
      appId: caller.appId,
      currentChatId: null,
      currentMessageId: null,
    };
  }
  const chat = random.int(0, caller.chatIds.length - 1);
  const messages = caller.messageIds[chat] ?? [];
  return {
    store: canary.store,
    appId: caller.appId,
    currentChatId: caller.chatIds[chat] ?? null,
    currentMessageId: messages[random.int(0, messages.length - 1)] ?? null,
  };
}

/** True when every `chat_id` and `message_id` anywhere in `value` is one of the caller's. */
function ownsIds(caller: CanaryApp, value: unknown): boolean {
  const chats = new Set(caller.chatIds);
  const messages = new Set(caller.messageIds.flat());
  let owned = true;
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === "object" && node !== null) {
      for (const [key, field] of Object.entries(node)) {
        if (key === "chat_id" && typeof field === "number" && !chats.has(field)) owned = false;
        if (key === "message_id" && typeof field === "number" && !messages.has(field))
          owned = false;
        visit(field);
      }
    }
  };
  visit(value);
  return owned;
}

function recordError(tally: Tally, error: unknown, allowed: ReadonlySet<string>): void {
  if (!RecollectError.isInstance(error) || !allowed.has(error.kind)) tally.unclassified += 1;
}

async function searchCall({ random, tally, canary, caller, scanner }: CallScope) {
  const ctx = contextFor(random, canary, caller);
  const roll = random.next();
  const query =
    roll < 0.05 ? "" : roll < 0.1 ? "x".repeat(501) : probeQuery(random, caller, canary.apps);
  const limit = random.chance(0.05) ? random.pick([0, 21, 1.5, -3]) : random.int(1, 20);
  tally.search += 1;
  try {
    const result = await searchChats(ctx, { query, limit });
    // The result echoes the query (the caller's own words); the rest must hold nothing foreign.
    const { query: _echo, ...rest } = result;
    scanInto(tally, scanner, textOf(rest));
    if (!ownsIds(caller, result)) tally.outsideApp += 1;
    if (result.chats.some((hit) => hit.chat_id === ctx.currentChatId)) tally.outsideApp += 1;
  } catch (error) {
    scanInto(tally, scanner, textOf(error), { echoes: [query] });
    recordError(tally, error, new Set(["invalid_input"]));
  }
}

function readCall({ random, tally, canary, caller, scanner }: CallScope) {
  const ctx = contextFor(random, canary, caller);
  const input = probeRead(random, caller, canary.apps);
  const asked = new Set([input.chat_id, input.around_message_id ?? -1]);
  tally.read += 1;
  try {
    const result = readChat(ctx, input);
    scanInto(tally, scanner, textOf(result), { echoedIds: asked });
    if (!ownsIds(caller, result)) tally.outsideApp += 1;
  } catch (error) {
    scanInto(tally, scanner, textOf(error), { echoedIds: asked });
    recordError(tally, error, new Set(["not_found", "invalid_input"]));
    if (RecollectError.isInstance(error) && error.kind === "not_found") {
      // The same request against a chat that never existed must fail with the same words.
      let missing: unknown = null;
      try {
        readChat(ctx, { ...input, chat_id: MISSING_CHAT_ID });
      } catch (other) {
        missing = other;
      }
      const expected =
        missing instanceof Error
          ? missing.message.split(String(MISSING_CHAT_ID)).join(String(input.chat_id))
          : null;
      if (expected !== error.message) tally.distinguishableNotFound += 1;
    }
  }
}

async function exploreCall({ random, tally, canary, caller, scanner }: CallScope) {
  const ctx = contextFor(random, canary, caller);
  const controller = new AbortController();
  const run = createRandomExplorerModel({
    random,
    caller,
    apps: canary.apps,
    abort: () => controller.abort(),
  });
  const question = probeQuery(random, caller, canary.apps);
  const progress: unknown[] = [];
  tally.explore += 1;
  const echoes = { echoes: [question, ...run.sentQueries], echoedIds: run.sentIds };
  try {
    const result = await runExplorer({
      query: question,
      model: run.model,
      retrieval: ctx,
      searchChats,
      readChat,
      locate: createStoreMessageLocator(canary.store),
      isPro: () => true,
      signal: controller.signal,
      onProgress: (event) => progress.push(event),
    });
    if (controller.signal.aborted) tally.lateCompletions += 1;
    const { query: echoed, ...report } = result.report;
    scanInto(tally, scanner, textOf({ report, stats: result.stats }), echoes);
    if (echoed !== question || !ownsIds(caller, report)) tally.outsideApp += 1;
    if (result.report.evidence_only) tally.outcomes.evidence_only += 1;
    else tally.outcomes.reported += 1;
  } catch (error) {
    scanInto(tally, scanner, textOf(error), echoes);
    if (RecollectError.isInstance(error) && error.kind === "aborted") tally.outcomes.cancelled += 1;
    else if (RecollectError.isInstance(error) && error.kind !== "internal") {
      tally.outcomes.classified_error += 1;
    } else tally.unclassified += 1;
  }
  for (const event of progress) scanInto(tally, scanner, textOf(event));
  for (const seen of run.toolResults()) scanInto(tally, scanner, seen, echoes);
}

/** Runs the check on a fresh in-memory canary store and returns its figures. */
export async function runIsolationCheck(options: IsolationCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  using canary = createCanaryStore(":memory:", random);
  const scanners = new Map(
    canary.apps.map((app) => [app.appId, createLeakScanner(canary.apps, app.appId)]),
  );
  const tally: Tally = {
    scanned: 0,
    search: 0,
    read: 0,
    explore: 0,
    leaks: [],
    outsideApp: 0,
    distinguishableNotFound: 0,
    unclassified: 0,
    lateCompletions: 0,
    outcomes: { reported: 0, classified_error: 0, evidence_only: 0, cancelled: 0 },
  };
  for (let call = 0; call < options.calls; call += 1) {
    const caller = random.pick(canary.apps);
    const scanner = scanners.get(caller.appId);
    if (scanner === undefined) throw new Error("isolation: no scanner for the caller");
    const roll = random.next();
    const scope: CallScope = { random, tally, canary, caller, scanner };
    if (roll < 0.45) await searchCall(scope);
    else if (roll < 0.8) readCall(scope);
    else await exploreCall(scope);
  }
  for (const leak of tally.leaks.slice(0, 5)) {
    options.log(`  leak: ${leak.what} ${leak.match} of app ${leak.ownerAppId}`);
  }
  const total = tally.search + tally.read + tally.explore;
  const explorerMinimum = Math.max(1, Math.floor(tally.explore * 0.05));
  options.log(
    `  ${tally.search} searches, ${tally.read} reads, ${tally.explore} explorer runs on ${canary.apps.length} apps`,
  );
  return [
    atLeast("randomized search/read/explore calls", total, options.calls, "calls"),
    atLeast("apps in the store", canary.apps.length, 5, "apps"),
    atLeast("explorer runs ending with a report", tally.outcomes.reported, explorerMinimum, "runs"),
    atLeast(
      "explorer runs ending in a classified error",
      tally.outcomes.classified_error,
      explorerMinimum,
      "runs",
    ),
    atLeast(
      "explorer runs ending evidence-only",
      tally.outcomes.evidence_only,
      explorerMinimum,
      "runs",
    ),
    atLeast("explorer runs cancelled", tally.outcomes.cancelled, explorerMinimum, "runs"),
    atLeast(
      "outputs scanned (results, errors, events, model inputs)",
      tally.scanned,
      options.calls,
    ),
    atMost(
      "another app's bytes in results, errors, progress, stats or model input",
      tally.leaks.length,
      0,
      "leaks",
    ),
    atMost("results naming a chat or message outside the caller's app", tally.outsideApp, 0),
    atMost(
      "other-app reads failing differently from missing-chat reads",
      tally.distinguishableNotFound,
      0,
    ),
    atMost("unclassified errors", tally.unclassified, 0),
    atMost("cancelled runs that completed", tally.lateCompletions, 0),
  ];
}
