/**
 * The explorer on the offline engine (the in-process `LanguageModelV3` the CLI and MCP server use
 * by default) over the canary store, so the abort check cancels offline runs too: the offline
 * engine makes no request, so only its own yielding to the event loop lets an abort land mid-run.
 */
import { createStoreMessageLocator } from "../src/agent/tools/explore-chat-history/message-locator.js";
import { createOfflineLanguageModel } from "../src/agent/tools/explore-chat-history/offline/offline-language-model.js";
import { type CanaryRunSettlement, runCanaryExplorer } from "./canary-explorer-run.js";
import type { CanaryApp, CanaryStore } from "./canary-store.js";

/** Runs one offline exploration; resolves its settlement (never rejects). */
export type OfflineExplore = (options: {
  readonly app: CanaryApp;
  readonly query: string;
  readonly signal: AbortSignal;
}) => Promise<CanaryRunSettlement>;

/** The offline explorer over `canary`. */
export function offlineExplorer(canary: CanaryStore): OfflineExplore {
  const model = createOfflineLanguageModel();
  const locate = createStoreMessageLocator(canary.store);
  return (options) => runCanaryExplorer({ canary, locate, model, ...options });
}
