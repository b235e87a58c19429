/**
 * Runs the explorer the way a hosted Engine runs it: the real `openai-compatible` Engine (AI SDK
 * provider, real HTTP and SSE) against the scripted OpenAI-compatible server, on the canary
 * store. One server serves many runs one after another; each run installs its own script.
 */

import type { LanguageModelV3 } from "@ai-sdk/provider";
import { wrapLanguageModel } from "ai";
import type { ExplorerBudgets } from "../src/agent/tools/explore-chat-history/budgets.js";
import { createStoreMessageLocator } from "../src/agent/tools/explore-chat-history/message-locator.js";
import {
  type ExplorerRun,
  runExplorer,
} from "../src/agent/tools/explore-chat-history/run-explorer.js";
import type { ExploreProgress } from "../src/card/explore-progress.js";
import { createEngine } from "../src/engine/create-engine.js";
import { readChat, searchChats } from "../src/history/index.js";
import {
  type RecordedRequest,
  type ScriptedOpenAIServer,
  type ScriptedTurn,
  startScriptedOpenAIServer,
} from "../src/test/scripted-openai-server.js";
import type { CanaryApp, CanaryStore } from "./canary-store.js";

/** A script for one run: the turn for the run's n-th request (0-based). */
export type RunScript = (requestInRun: number, request: RecordedRequest) => ScriptedTurn;

/** A scripted server plus the explorer wired to it. Close it when done. */
export interface ExplorerOverHttp extends AsyncDisposable {
  readonly server: ScriptedOpenAIServer;
  /**
   * Runs one exploration of `app` with `script`. Resolves with the run's settlement (never
   * rejects): the report or the error, the progress events and the requests it made.
   */
  explore(options: {
    readonly app: CanaryApp;
    readonly query: string;
    readonly script: RunScript;
    readonly signal: AbortSignal;
    readonly budgets?: ExplorerBudgets;
  }): Promise<ExplorerSettlement>;
}

/** How one run settled. */
export interface ExplorerSettlement {
  readonly run: ExplorerRun | null;
  readonly error: unknown;
  /** `performance.now()` when the run's promise settled. */
  readonly settledAt: number;
  readonly progress: ExploreProgress[];
  /** The server's records of this run's requests (live: later changes show). */
  readonly requests: RecordedRequest[];
  /** `performance.now()` of every model call the explorer started (live: later calls show). */
  readonly modelCallsAt: number[];
}

/** Starts the server and returns the runner. */
export async function startExplorerOverHttp(canary: CanaryStore): Promise<ExplorerOverHttp> {
  let current: { script: RunScript; requests: RecordedRequest[] } | null = null;
  const server = await startScriptedOpenAIServer({
    script: (request) => {
      if (current === null) return { type: "http-error", status: 500, message: "no run active" };
      current.requests.push(request);
      return current.script(current.requests.length - 1, request);
    },
  });
  const engine = createEngine({
    kind: "openai-compatible",
    baseUrl: server.baseUrl,
    modelId: "scripted-model",
  });
  const base = engine.languageModel();
  if (typeof base === "string" || base.specificationVersion !== "v3") {
    throw new Error("explorer-over-http: the openai-compatible Engine did not yield a v3 model");
  }
  const locate = createStoreMessageLocator(canary.store);
  // Client-side record of when the explorer starts a model call (a server only sees a request
  // once its body has arrived, which can be after the client gave up).
  const modelFor = (calls: number[]): LanguageModelV3 =>
    wrapLanguageModel({
      model: base as LanguageModelV3,
      middleware: {
        specificationVersion: "v3",
        wrapStream: async ({ doStream }) => {
          calls.push(performance.now());
          return doStream();
        },
        wrapGenerate: async ({ doGenerate }) => {
          calls.push(performance.now());
          return doGenerate();
        },
      },
    });
  return {
    server,
    async explore(options) {
      const requests: RecordedRequest[] = [];
      current = { script: options.script, requests };
      const progress: ExploreProgress[] = [];
      const modelCallsAt: number[] = [];
      let run: ExplorerRun | null = null;
      let error: unknown = null;
      try {
        run = await runExplorer({
          query: options.query,
          model: modelFor(modelCallsAt),
          retrieval: {
            store: canary.store,
            appId: options.app.appId,
            currentChatId: null,
            currentMessageId: null,
          },
          searchChats,
          readChat,
          locate,
          isPro: () => true,
          signal: options.signal,
          onProgress: (event) => progress.push(event),
          ...(options.budgets ? { budgets: options.budgets } : {}),
        });
      } catch (caught) {
        error = caught;
      }
      return { run, error, settledAt: performance.now(), progress, requests, modelCallsAt };
    },
    [Symbol.asyncDispose]: () => server.close(),
  };
}
