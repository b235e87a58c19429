/**
 * The model-client abstraction the explorer runs on (plan § Product Principles: one Engine
 * abstraction, no provider-specific APIs in the tool contract). Every kind yields an AI SDK v6
 * `LanguageModel`, so the sub-agent loop is the same code for a hosted model and the offline engine.
 */
import type { LanguageModel } from "ai";

/** Which backend an {@link Engine} talks to. `offline` is in-process, deterministic, no network. */
export type EngineKind = "offline" | "openai-compatible" | "openai" | "anthropic";

/**
 * The kind of an Engine that runs the explorer on an MCP client's own model through
 * `sampling/createMessage` (`sampling-engine.ts`). Never configured by `--engine` or
 * `RECOLLECT_ENGINE`: `recollect mcp` builds it per call when `mcp.sampling` is on and the client
 * offers sampling (with tools, or through plain messages when its sampling has none).
 */
export const SAMPLING_ENGINE_KIND = "mcp-sampling";

/**
 * The kinds `createEngine` accepts, in documentation order. Here, beside the type and free of
 * provider imports, so `recollect mcp` can refuse a bad `--engine` before its handshake without
 * loading any provider SDK.
 */
export const ENGINE_KINDS: readonly EngineKind[] = [
  "offline",
  "openai-compatible",
  "openai",
  "anthropic",
];

/**
 * What each {@link EngineConfig} setting is called where it was given, for errors that name it:
 * the environment variable (`RECOLLECT_ENGINE_BASE_URL`, from `engineConfigFromEnv`) or the
 * library config field (`engine.baseUrl`, {@link LIBRARY_SETTING_NAMES}).
 */
export interface EngineSettingNames {
  readonly kind: string;
  readonly baseUrl: string;
  readonly modelId: string;
}

/** The names of a config built in code: its fields. */
export const LIBRARY_SETTING_NAMES: EngineSettingNames = {
  kind: "engine.kind",
  baseUrl: "engine.baseUrl",
  modelId: "engine.modelId",
};

/** Settings for {@link Engine}s. Secrets come from the environment, never from argv. */
export interface EngineConfig {
  readonly kind: EngineKind;
  /** Where each setting came from, named in errors. Default {@link LIBRARY_SETTING_NAMES}. */
  readonly names?: EngineSettingNames;
  /** Required for `openai-compatible` (e.g. `http://127.0.0.1:11434/v1` for Ollama). */
  readonly baseUrl?: string;
  /** API key; optional for local servers. */
  readonly apiKey?: string;
  /** Model id as the provider names it. */
  readonly modelId?: string;
}

/** A configured model endpoint. */
export interface Engine {
  readonly kind: EngineKind | typeof SAMPLING_ENGINE_KIND;
  /** The model id in use (the offline engine reports `recollect-offline-<version>`). */
  readonly modelId: string;
  /** The AI SDK model to pass to `streamText`/`generateText`. */
  languageModel(): LanguageModel;
}

/**
 * The offline kind's model, supplied by the explorer (`agent/tools/explore-chat-history/offline/`):
 * the policy is explorer code, so `engine/` receives it instead of importing it (dependencies
 * point down, docs/ARCHITECTURE.md).
 */
export interface OfflineModel {
  /** `recollect-offline-<policy version>`. */
  readonly modelId: string;
  /** A fresh deterministic `LanguageModelV3`. */
  languageModel(): LanguageModel;
}
