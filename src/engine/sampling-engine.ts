/**
 * An {@link Engine} of kind `mcp-sampling` for one explorer run: the client's model through
 * `sampling/createMessage` (`sampling-language-model.ts`), falling back to the configured Engine
 * when the client refuses or fails a request, and saying afterwards which engine answered
 * ({@link SamplingEngine.used}), so the report can name it.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { type Engine, type EngineKind, SAMPLING_ENGINE_KIND } from "./engine.js";
import {
  createFallbackLanguageModel,
  createSamplingLanguageModel,
  SAMPLING_MODEL_ID,
  type SampleMessage,
  type SamplingTools,
} from "./sampling-language-model.js";

/** Which engine a run used, as the report names it. */
export interface EngineUse {
  readonly kind: EngineKind | typeof SAMPLING_ENGINE_KIND;
  /** The model id: the client's model name for sampling (as its last answer gave it). */
  readonly model_id: string;
  /**
   * Set when the run began on the client's model and continued on the configured Engine: the
   * JSON-RPC code of the client's error (`-1`: the person refused), or null without one.
   */
  readonly fell_back_from_sampling?: { readonly code: number | null };
}

/** The Engine of one run and what it used. */
export interface SamplingEngine extends Engine {
  /** What answered the run's steps so far (the last engine in use). */
  used(): EngineUse;
}

/** The JSON-RPC `code` of a client's error, when it has a numeric one. */
function errorCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : null;
}

/**
 * The Engine for one explorer run on the client's model. `fallback` is the configured Engine
 * (null when none could be configured: a refused request then fails the run). `onFallback` is
 * told once when the run moves to `fallback` (a log line: the code only, never text).
 */
export function createSamplingEngine(options: {
  readonly sample: SampleMessage;
  /** How the child tools reach the client (`messages`: it declared sampling without tools). */
  readonly tools?: SamplingTools;
  readonly fallback: Engine | null;
  readonly onFallback?: (code: number | null) => void;
}): SamplingEngine {
  let clientModel: string = SAMPLING_MODEL_ID;
  let fellBack: { code: number | null } | null = null;
  const { fallback } = options;
  const languageModel = (): LanguageModelV3 => {
    const sampling = createSamplingLanguageModel({
      sample: options.sample,
      ...(options.tools ? { tools: options.tools } : {}),
      onModel: (model) => {
        clientModel = model;
      },
    });
    if (fallback === null) return sampling;
    return createFallbackLanguageModel(
      sampling,
      () => fallback.languageModel() as LanguageModelV3,
      (error) => {
        fellBack = { code: errorCode(error) };
        options.onFallback?.(fellBack.code);
      },
    );
  };
  return {
    kind: SAMPLING_ENGINE_KIND,
    get modelId() {
      return clientModel;
    },
    languageModel,
    used: () =>
      fellBack !== null && fallback !== null
        ? { kind: fallback.kind, model_id: fallback.modelId, fell_back_from_sampling: fellBack }
        : { kind: SAMPLING_ENGINE_KIND, model_id: clientModel },
  };
}
