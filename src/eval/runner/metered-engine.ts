/**
 * An {@link Engine} wrapper that meters every model call of a run: wall time inside the model
 * (ms, from the call until its stream ends), Engine input bytes (UTF-8 JSON of the prompt the
 * provider receives) and token usage as the provider reports it. Used by the eval runner and the
 * bench to separate host overhead from model time. The archival text itself is never kept.
 */
import type {
  LanguageModelV3,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { type LanguageModelMiddleware, wrapLanguageModel } from "ai";
import type { Engine } from "../../engine/engine.js";

/** Totals over the model calls since the meter was created or last {@link EngineMeter.reset}. */
export interface EngineMeterTotals {
  /** Model calls (steps, including retries). */
  readonly calls: number;
  /** Milliseconds spent inside model calls (call start → stream end), summed. */
  readonly modelMs: number;
  /** UTF-8 bytes of the JSON prompts sent, summed. */
  readonly inputBytes: number;
  /** The largest single prompt, bytes. */
  readonly maxInputBytes: number;
  /** Provider-reported tokens; 0 when the provider reports none. */
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** A metered engine plus its meter. */
export interface EngineMeter {
  readonly engine: Engine;
  totals(): EngineMeterTotals;
  reset(): void;
}

const EMPTY: EngineMeterTotals = {
  calls: 0,
  modelMs: 0,
  inputBytes: 0,
  maxInputBytes: 0,
  inputTokens: 0,
  outputTokens: 0,
};

/**
 * Wraps `engine` so each call is metered. Only AI SDK v3 model objects can be wrapped; any other
 * `LanguageModel` (a gateway id string, a v2 model) passes through unmetered (totals stay 0).
 * `now` is the millisecond clock (default `performance.now`).
 */
export function meterEngine(
  engine: Engine,
  now: () => number = () => performance.now(),
): EngineMeter {
  let totals: EngineMeterTotals = EMPTY;
  const add = (patch: Partial<EngineMeterTotals>): void => {
    totals = {
      calls: totals.calls + (patch.calls ?? 0),
      modelMs: totals.modelMs + (patch.modelMs ?? 0),
      inputBytes: totals.inputBytes + (patch.inputBytes ?? 0),
      maxInputBytes: Math.max(totals.maxInputBytes, patch.maxInputBytes ?? 0),
      inputTokens: totals.inputTokens + (patch.inputTokens ?? 0),
      outputTokens: totals.outputTokens + (patch.outputTokens ?? 0),
    };
  };
  const addUsage = (usage: LanguageModelV3Usage | undefined): void => {
    add({
      inputTokens: usage?.inputTokens.total ?? 0,
      outputTokens: usage?.outputTokens.total ?? 0,
    });
  };
  const middleware: LanguageModelMiddleware = {
    specificationVersion: "v3",
    async wrapGenerate({ doGenerate, params }) {
      const bytes = Buffer.byteLength(JSON.stringify(params.prompt), "utf8");
      const start = now();
      try {
        const result = await doGenerate();
        addUsage(result.usage);
        return result;
      } finally {
        add({ calls: 1, inputBytes: bytes, maxInputBytes: bytes, modelMs: now() - start });
      }
    },
    async wrapStream({ doStream, params }) {
      const bytes = Buffer.byteLength(JSON.stringify(params.prompt), "utf8");
      const start = now();
      add({ calls: 1, inputBytes: bytes, maxInputBytes: bytes });
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        add({ modelMs: now() - start });
        throw error;
      }
      // The model's stream is read to its end before the caller sees it, so model time stops
      // when the model finished producing, not when the host finished executing its tool calls
      // (the SDK runs tools while it consumes the stream). A mid-stream error is replayed as the
      // same stream error after the parts that preceded it.
      const parts: LanguageModelV3StreamPart[] = [];
      let failure: { error: unknown } | null = null;
      const reader = result.stream.getReader();
      try {
        for (;;) {
          const next = await reader.read();
          if (next.done) break;
          if (next.value.type === "finish") addUsage(next.value.usage);
          parts.push(next.value);
        }
      } catch (error) {
        failure = { error };
      }
      add({ modelMs: now() - start });
      const replayed = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          if (failure) controller.error(failure.error);
          else controller.close();
        },
      });
      return { ...result, stream: replayed };
    },
  };
  const wrapped: Engine = {
    kind: engine.kind,
    modelId: engine.modelId,
    languageModel() {
      const model = engine.languageModel();
      if (typeof model === "string" || model.specificationVersion !== "v3") return model;
      return wrapLanguageModel({ model: model as LanguageModelV3, middleware });
    },
  };
  return {
    engine: wrapped,
    totals: () => totals,
    reset: () => {
      totals = EMPTY;
    },
  };
}
