/**
 * The model-client layer: one {@link Engine} abstraction over AI SDK v6 language models. The
 * offline kind's model is the explorer's code and is injected (`createExplorerEngine` in `agent/`).
 */
export { createEngine, ENGINE_KINDS } from "./create-engine.js";
export type { Engine, EngineConfig, EngineKind, OfflineModel } from "./engine.js";
export { type EnvironmentVariables, engineConfigFromEnv } from "./engine-config-from-env.js";
export { DEFAULT_ENGINE_KIND, EXPLORER_MODEL_DEFAULTS } from "./explorer-model-defaults.js";
