/**
 * The embedded offline Engine: a deterministic exploration policy behind a real AI SDK
 * `LanguageModelV3`. See `offline-language-model.ts`.
 */
export { decideNextAction, MAX_TOOL_CALLS, type OfflineAction } from "./decide-next-action.js";
export {
  createOfflineLanguageModel,
  OFFLINE_MODEL_ID,
  OFFLINE_POLICY_VERSION,
} from "./offline-language-model.js";
export { readPrompt } from "./read-prompt.js";
