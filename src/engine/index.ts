/**
 * The model-client layer: one {@link Engine} abstraction over AI SDK v6 language models, with an
 * embedded deterministic offline engine as the default.
 */
export { createEngine, ENGINE_KINDS } from "./create-engine.js";
export type { Engine, EngineConfig, EngineKind } from "./engine.js";
export { type EnvironmentVariables, engineConfigFromEnv } from "./engine-config-from-env.js";
export { DEFAULT_ENGINE_KIND, EXPLORER_MODEL_DEFAULTS } from "./explorer-model-defaults.js";
export { createOfflineLanguageModel, OFFLINE_MODEL_ID } from "./offline/index.js";
