/**
 * Runs the explorer the way a hosted Engine runs it: the real `openai-compatible` Engine (AI SDK
 * provider, real HTTP and SSE) against the scripted OpenAI-compatible server, on the canary
 * store. One server serves many runs one after another; each run installs its own script.
 */

import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ExplorerBudgets } from "../src/agent/tools/explore-chat-history/budgets.js";
import { createStoreMessageLocator } from "../src/agent/tools/explore-chat-history/message-locator.js";
import { createEngine } from "../src/engine/create-engine.js";
import {
  type RecordedRequest,
  type ScriptedOpenAIServer,
  type ScriptedTurn,
  startScriptedOpenAIServer,
} from "../src/test/scripted-openai-server.js";
import { type CanaryRunSettlement, runCanaryExplorer } from "./canary-explorer-run.js";
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

/** How one run settled, with the server's records of its requests (live: later changes show). */
export interface ExplorerSettlement extends CanaryRunSettlement {
  readonly requests: RecordedRequest[];
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
  return {
    server,
    async explore(options) {
      const requests: RecordedRequest[] = [];
      current = { script: options.script, requests };
      const settled = await runCanaryExplorer({
        canary,
        locate,
        model: base as LanguageModelV3,
        app: options.app,
        query: options.query,
        signal: options.signal,
        ...(options.budgets ? { budgets: options.budgets } : {}),
      });
      return { ...settled, requests };
    },
    [Symbol.asyncDispose]: () => server.close(),
  };
}
