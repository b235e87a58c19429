/**
 * The privacy sweep (plan § Consent and Privacy; Launch Criteria): every telemetry record emitted
 * across a set of explorer runs — complete, conflicting, no-match, cancelled, denied, non-Pro and
 * direct read_chat — carries no query text, title, id, excerpt or message text in any field.
 */

import { afterEach, describe, expect, it } from "vitest";
import { buildToolSet } from "../agent/build-tool-set.js";
import { scriptedConsentPrompter } from "../agent/consent/consent-prompter.js";
import type { StoredConsents } from "../agent/consent/resolve-consent.js";
import type { AgentContext } from "../agent/context.js";
import { createExplorerEngine } from "../agent/explorer-engine.js";
import { createOfflineRouterModel } from "../agent/primary/offline-router-model.js";
import { runPrimaryTurn } from "../agent/primary/run-primary-turn.js";
import {
  call,
  mockModel,
  STANDARD_CHATS,
  standardStore,
} from "../agent/tools/explore-chat-history/testing/explore-test-fixtures.js";
import type { Engine } from "../engine/engine.js";
import type { Store } from "../store/open-store.js";
import { createMemoryTelemetrySink } from "./telemetry-sink.js";

const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

const QUESTIONS = [
  "What did we decide about login authentication?",
  "Which database did we choose earlier?",
  "Did we ever discuss xylophone zeppelins?",
  "Remind me what we agreed about login sessions",
];

/** Every allowed string value: enum members of the schemas, plus the sink's ISO timestamp. */
const ALLOWED_STRINGS = new Set([
  "explore_run",
  "tool_call",
  "primary_turn",
  "index_measurement",
  "explore_chat_history",
  "read_chat",
  "set_chat_summary",
  "write_plan",
  "exit_plan",
  "ready",
  "indexing",
  "high",
  "medium",
  "low",
  "complete",
  "no_match",
  "partial",
  "cancelled",
  "failed",
  "synthesis_failed",
  "tool_failed",
  "index_incomplete",
  "budget_exhausted",
  "results_truncated",
  "citations_dropped",
  "report_clamped",
  "weak_evidence",
  "always",
  "ask",
  "ok",
  "error",
  "agent",
  "plan",
  "finished",
  "aborted",
  "precondition",
  "not_found",
  "invalid_input",
  "user_cancelled",
  "provider",
  "rate_limited",
  "import_format",
  "internal",
]);

describe("telemetry privacy sweep", () => {
  it("no record of an explorer run set carries query text, titles, ids, excerpts or messages", async () => {
    const { store, ids } = standardStore();
    opened.push(store);
    const telemetry = createMemoryTelemetrySink({ now: () => 0 });
    const appId = ids.apps.get("Tasktide")!;
    const run = async (options: {
      message: string;
      isPro?: boolean;
      consents?: StoredConsents;
      deny?: boolean;
      abort?: boolean;
      model?: ReturnType<typeof mockModel>;
      engine?: Engine;
    }) => {
      const controller = new AbortController();
      const ctx: AgentContext = {
        store,
        appId,
        chatId: null,
        messageId: null,
        isPro: options.isPro ?? true,
        abortSignal: controller.signal,
      };
      await runPrimaryTurn({
        ctx,
        model: options.model ?? createOfflineRouterModel(),
        engine: options.engine ?? createExplorerEngine({ kind: "offline" }),
        mode: "agent",
        toolSet: buildToolSet(ctx, {
          mode: "agent",
          freeModelMode: false,
          consents: options.consents,
        }),
        messages: [{ role: "user", content: options.message }],
        prompter: scriptedConsentPrompter(options.deny ? "deny" : "allow"),
        telemetry,
        onEvent: (event) => {
          if (options.abort && event.type === "card-update") controller.abort();
        },
      });
    };
    for (const message of QUESTIONS) await run({ message });
    await run({ message: QUESTIONS[0]!, abort: true });
    await run({ message: QUESTIONS[0]!, consents: { explore_chat_history: "ask" }, deny: true });
    await run({ message: QUESTIONS[0]!, isPro: false });
    const failing = new Error("upstream 500 for What did we decide about authentication?");
    await run({
      message: QUESTIONS[0]!,
      engine: {
        kind: "openai-compatible",
        modelId: "failing",
        languageModel: () =>
          mockModel([{ throws: failing }, { throws: failing }, { throws: failing }]),
      },
    });
    await run({
      message: "read it",
      model: mockModel([
        call("read_chat", {
          chat_id: ids.chats.get("auth-2")!,
          around_message_id: ids.messages.get("auth-2#1")!,
        }),
        { text: "done" },
      ]),
    });

    const records = telemetry.records;
    const kinds = records.map((record) => record.event);
    expect(kinds.filter((kind) => kind === "explore_run")).toHaveLength(6);
    expect(kinds.filter((kind) => kind === "primary_turn")).toHaveLength(9);
    expect(records.flatMap((r) => (r.event === "explore_run" ? [r.outcome] : [])).sort()).toEqual(
      ["cancelled", "complete", "failed", "no_match", "partial", "partial"].sort(),
    );

    const forbidden = [
      ...QUESTIONS,
      ...STANDARD_CHATS.map((chat) => chat.title),
      ...STANDARD_CHATS.flatMap((chat) => chat.messages.map(([, text]) => text)),
    ];
    const words = new Set(
      forbidden.flatMap((text) => text.toLowerCase().match(/[a-z]{5,}/g) ?? []),
    );
    for (const record of records) {
      for (const [key, value] of Object.entries(record)) {
        expect(key).not.toMatch(/(^|_)(id|ids|query|title|excerpt|text|content|message)$/);
        if (typeof value === "string") {
          if (key === "at") expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
          else expect(ALLOWED_STRINGS.has(value)).toBe(true);
        } else {
          expect(["number", "boolean"]).toContain(typeof value);
        }
      }
      const serialized = JSON.stringify(record).toLowerCase();
      for (const text of forbidden) expect(serialized).not.toContain(text.toLowerCase());
      for (const word of words) {
        if (!ALLOWED_STRINGS.has(word)) expect(serialized).not.toContain(`"${word}`);
      }
    }
  });
});
