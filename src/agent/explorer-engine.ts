/**
 * Builds an {@link Engine} for the explorer: `createEngine` with the explorer's own offline model
 * injected, so `engine/` keeps provider kinds only and never imports agent code.
 */
import { createEngine } from "../engine/create-engine.js";
import type { Engine, EngineConfig } from "../engine/engine.js";
import {
  createOfflineLanguageModel,
  type OfflineModelOptions,
  offlineModelId,
  policyConfigOf,
} from "./tools/explore-chat-history/offline/offline-language-model.js";

/**
 * `createEngine(config)` with the offline explorer model supplied; `offline.ablate` switches
 * pipeline stages off (eval ablation runs) and shows in the model id. Same errors as `createEngine`.
 */
export function createExplorerEngine(
  config: EngineConfig,
  offline: OfflineModelOptions = {},
): Engine {
  return createEngine(config, {
    modelId: offlineModelId(policyConfigOf(offline)),
    languageModel: () => createOfflineLanguageModel(offline),
  });
}
