/**
 * The offline explorer: a deterministic staged retrieval policy behind a real AI SDK
 * `LanguageModelV3`. See `README.md` and `offline-language-model.ts`.
 */
export { decideNextAction, type OfflineAction } from "./decide-next-action.js";
export {
  createOfflineLanguageModel,
  OFFLINE_MODEL_ID,
  OFFLINE_POLICY_VERSION,
  type OfflineModelOptions,
  offlineModelId,
} from "./offline-language-model.js";
export { OFFLINE_STAGES, type OfflineStage } from "./policy-parameters.js";
