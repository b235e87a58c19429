/**
 * The explorer's model selection, in one place (plan § Technical Design: "isolate model selection
 * in one constant so it can change independently later"). `createEngine` uses these when the
 * configuration names no model; `null` means the kind has no sensible default and a model id is
 * required (`engine.modelId` / `RECOLLECT_ENGINE_MODEL`).
 *
 * - `offline`: null here; the injected offline model names itself (`recollect-offline-<policy version>`).
 * - `openai`: a small, fast tool-calling model; exploration is many short steps.
 * - `anthropic`: the same trade-off on Anthropic.
 * - `openai-compatible`: local servers and gateways name models freely, so none is assumed.
 */
import type { EngineKind } from "./engine.js";

/** The explorer's default model id per engine kind; null where none can be assumed (see above). */
export const EXPLORER_MODEL_DEFAULTS: Readonly<Record<EngineKind, string | null>> = Object.freeze({
  offline: null,
  openai: "gpt-4.1-mini",
  anthropic: "claude-haiku-4-5",
  "openai-compatible": null,
});

/** The engine kind used when nothing is configured: offline, so a fresh clone needs no keys. */
export const DEFAULT_ENGINE_KIND: EngineKind = "offline";
