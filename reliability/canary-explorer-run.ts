/**
 * One explorer run over the canary store, whatever model it runs on (the hosted Engine over HTTP
 * in `explorer-over-http.ts`, the offline engine in `offline-explorer.ts`), recorded for the
 * checks: the report or the error, when it settled, its progress events and when it started each
 * model call. Never rejects.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { wrapLanguageModel } from "ai";
import type { ExplorerBudgets } from "../src/agent/tools/explore-chat-history/budgets.js";
import type { MessageLocator } from "../src/agent/tools/explore-chat-history/report-validation.js";
import {
  type ExplorerRun,
  runExplorer,
} from "../src/agent/tools/explore-chat-history/run-explorer.js";
import type { ExploreProgress } from "../src/card/explore-progress.js";
import { readChat, searchChats } from "../src/history/index.js";
import type { CanaryApp, CanaryStore } from "./canary-store.js";

/** How one run settled (what every explorer-driving check reads). */
export interface CanaryRunSettlement {
  readonly run: ExplorerRun | null;
  readonly error: unknown;
  /** `performance.now()` when the run's promise settled. */
  readonly settledAt: number;
  readonly progress: ExploreProgress[];
  /** `performance.now()` of every model call the explorer started (live: later calls show). */
  readonly modelCallsAt: number[];
}

/** What {@link runCanaryExplorer} runs. */
export interface CanaryRunOptions {
  readonly canary: CanaryStore;
  readonly locate: MessageLocator;
  readonly model: LanguageModelV3;
  readonly app: CanaryApp;
  readonly query: string;
  readonly signal: AbortSignal;
  readonly budgets?: ExplorerBudgets;
}

/** Runs the explorer of `options.app` on `options.model` and records how it went. */
export async function runCanaryExplorer(options: CanaryRunOptions): Promise<CanaryRunSettlement> {
  const progress: ExploreProgress[] = [];
  const modelCallsAt: number[] = [];
  // Client-side record of when the explorer starts a model call (a server only sees a request
  // once its body has arrived, which can be after the client gave up).
  const model = wrapLanguageModel({
    model: options.model,
    middleware: {
      specificationVersion: "v3",
      wrapStream: async ({ doStream }) => {
        modelCallsAt.push(performance.now());
        return doStream();
      },
      wrapGenerate: async ({ doGenerate }) => {
        modelCallsAt.push(performance.now());
        return doGenerate();
      },
    },
  });
  let run: ExplorerRun | null = null;
  let error: unknown = null;
  try {
    run = await runExplorer({
      query: options.query,
      model,
      retrieval: {
        store: options.canary.store,
        appId: options.app.appId,
        currentChatId: null,
        currentMessageId: null,
      },
      searchChats,
      readChat,
      locate: options.locate,
      isPro: () => true,
      signal: options.signal,
      onProgress: (event) => progress.push(event),
      ...(options.budgets ? { budgets: options.budgets } : {}),
    });
  } catch (caught) {
    error = caught;
  }
  return { run, error, settledAt: performance.now(), progress, modelCallsAt };
}
