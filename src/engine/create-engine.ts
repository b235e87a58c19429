/**
 * Builds an {@link Engine} from an {@link EngineConfig}. Every kind yields an AI SDK v6
 * `LanguageModel`, so the explorer's loop is the same for hosted models and the offline engine.
 * Missing configuration is a {@link PreconditionError} naming exactly what is missing; there is
 * never a fallback to another kind or provider (plan § Tool Exposure and Entitlement).
 */

import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidConfigurationError, PreconditionError } from "../errors/recollect-error.js";
import {
  ENGINE_KINDS,
  type Engine,
  type EngineConfig,
  type EngineKind,
  LIBRARY_SETTING_NAMES,
  type OfflineModel,
} from "./engine.js";
import { EXPLORER_MODEL_DEFAULTS } from "./explorer-model-defaults.js";

export { ENGINE_KINDS };

/** The environment variable each hosted kind's key conventionally lives in (named in errors). */
const API_KEY_NAMES: Readonly<Record<"openai" | "anthropic", string>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
};

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function checkedBaseUrl(value: string, setting: string): string {
  const allowed = "an http(s) URL such as http://127.0.0.1:11434/v1";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidConfigurationError(setting, allowed, "not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InvalidConfigurationError(setting, allowed, `protocol ${url.protocol}`);
  }
  return value.replace(/\/+$/, "");
}

function modelIdFor(config: EngineConfig): string {
  const modelId = nonEmpty(config.modelId) ?? EXPLORER_MODEL_DEFAULTS[config.kind];
  if (!modelId) {
    const setting = (config.names ?? LIBRARY_SETTING_NAMES).modelId;
    throw new PreconditionError(
      setting,
      `The ${config.kind} engine needs a model id: set ${setting}.`,
    );
  }
  return modelId;
}

function engine(kind: EngineKind, modelId: string, build: () => LanguageModel): Engine {
  return Object.freeze({ kind, modelId, languageModel: build });
}

/**
 * Creates the Engine for `config`. No network happens here; providers connect on first call.
 *
 * - `offline`: the in-process deterministic policy `offline` supplies (the explorer's code, injected
 *   so this layer never imports agent code); `modelId` is ignored (always `offline.modelId`).
 * - `openai-compatible`: needs `baseUrl` (http/https) and `modelId`; `apiKey` optional (local servers).
 * - `openai` / `anthropic`: need `apiKey`; `modelId` defaults per {@link EXPLORER_MODEL_DEFAULTS};
 *   `baseUrl` optionally points at a proxy/gateway. OpenAI uses Chat Completions, which keeps no
 *   server-side conversation state (the Responses API stores responses by default; archival text
 *   should not be retained there).
 *
 * Errors name each setting as `config.names` says (the environment variable it came from, e.g.
 * `RECOLLECT_ENGINE_BASE_URL`), else as the config field (`engine.baseUrl`).
 *
 * @throws PreconditionError `missing` = `engine.offlineModel` for `offline` without `offline`,
 *   the base URL's or model id's name, `OPENAI_API_KEY` or `ANTHROPIC_API_KEY` when that setting
 *   is absent.
 * @throws InvalidConfigurationError (`precondition`) for an unknown `kind` or a `baseUrl` that is
 *   not an http(s) URL, naming the setting.
 */
export function createEngine(config: EngineConfig, offline?: OfflineModel): Engine {
  const names = config.names ?? LIBRARY_SETTING_NAMES;
  switch (config.kind) {
    case "offline":
      if (!offline) {
        throw new PreconditionError(
          "engine.offlineModel",
          "The offline engine needs the explorer's offline model: build engines with createExplorerEngine().",
        );
      }
      return engine("offline", offline.modelId, () => offline.languageModel());
    case "openai-compatible": {
      const rawBaseUrl = nonEmpty(config.baseUrl);
      if (!rawBaseUrl) {
        throw new PreconditionError(
          names.baseUrl,
          `The openai-compatible engine needs a base URL: set ${names.baseUrl}, e.g. http://127.0.0.1:11434/v1.`,
        );
      }
      const baseURL = checkedBaseUrl(rawBaseUrl, names.baseUrl);
      const modelId = modelIdFor(config);
      const apiKey = nonEmpty(config.apiKey);
      const provider = createOpenAICompatible({
        name: "recollect-engine",
        baseURL,
        includeUsage: true,
        ...(apiKey ? { apiKey } : {}),
      });
      return engine("openai-compatible", modelId, () => provider.chatModel(modelId));
    }
    case "openai":
    case "anthropic": {
      const kind = config.kind;
      const apiKey = nonEmpty(config.apiKey);
      if (!apiKey) {
        throw new PreconditionError(
          API_KEY_NAMES[kind],
          `The ${kind} engine needs an API key: set RECOLLECT_ENGINE_API_KEY or ${API_KEY_NAMES[kind]}.`,
        );
      }
      const rawBaseUrl = nonEmpty(config.baseUrl);
      const baseURL = rawBaseUrl ? checkedBaseUrl(rawBaseUrl, names.baseUrl) : undefined;
      const modelId = modelIdFor(config);
      const settings = { apiKey, ...(baseURL ? { baseURL } : {}) };
      if (kind === "openai") {
        const provider = createOpenAI(settings);
        return engine(kind, modelId, () => provider.chat(modelId));
      }
      const provider = createAnthropic(settings);
      return engine(kind, modelId, () => provider.messages(modelId));
    }
    default: {
      const kind: unknown = (config as { kind: unknown }).kind;
      throw new InvalidConfigurationError(
        names.kind,
        `one of ${ENGINE_KINDS.join(", ")}`,
        `got ${quotedValue(String(kind))}`,
      );
    }
  }
}
