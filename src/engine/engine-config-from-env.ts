/**
 * Reads the Engine configuration from environment variables (secrets come from the environment,
 * never from argv):
 *
 * | variable | meaning | default |
 * | --- | --- | --- |
 * | `RECOLLECT_ENGINE` | `offline`, `openai-compatible`, `openai` or `anthropic` | `offline` |
 * | `RECOLLECT_ENGINE_BASE_URL` | provider base URL (required for `openai-compatible`) | — |
 * | `RECOLLECT_ENGINE_API_KEY` | API key; for `openai`/`anthropic` falls back to `OPENAI_API_KEY`/`ANTHROPIC_API_KEY` | — |
 * | `RECOLLECT_ENGINE_MODEL` | model id | `EXPLORER_MODEL_DEFAULTS[kind]` |
 *
 * Validation of what is required happens in `createEngine`, which names what is missing or
 * unusable by these variables ({@link ENVIRONMENT_SETTING_NAMES}).
 */
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidConfigurationError } from "../errors/recollect-error.js";
import { ENGINE_KINDS } from "./create-engine.js";
import type { EngineConfig, EngineKind, EngineSettingNames } from "./engine.js";
import { DEFAULT_ENGINE_KIND } from "./explorer-model-defaults.js";

/** A read-only view of environment variables (`process.env` fits). */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/** The variable each setting is read from, so errors name what to change. */
export const ENVIRONMENT_SETTING_NAMES: EngineSettingNames = {
  kind: "RECOLLECT_ENGINE",
  baseUrl: "RECOLLECT_ENGINE_BASE_URL",
  modelId: "RECOLLECT_ENGINE_MODEL",
};

function value(env: EnvironmentVariables, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function isEngineKind(text: string): text is EngineKind {
  return (ENGINE_KINDS as readonly string[]).includes(text);
}

/**
 * Builds an {@link EngineConfig} from `env`. Empty values count as unset.
 *
 * @throws InvalidConfigurationError (`precondition`, `setting: "RECOLLECT_ENGINE"`) when the kind
 *   is not one of {@link ENGINE_KINDS}.
 */
export function engineConfigFromEnv(env: EnvironmentVariables): EngineConfig {
  const rawKind = value(env, "RECOLLECT_ENGINE")?.toLowerCase() ?? DEFAULT_ENGINE_KIND;
  if (!isEngineKind(rawKind)) {
    throw new InvalidConfigurationError(
      ENVIRONMENT_SETTING_NAMES.kind,
      `one of ${ENGINE_KINDS.join(", ")}`,
      `got ${quotedValue(rawKind)}`,
    );
  }
  const kind = rawKind;
  const providerKey =
    kind === "openai"
      ? value(env, "OPENAI_API_KEY")
      : kind === "anthropic"
        ? value(env, "ANTHROPIC_API_KEY")
        : undefined;
  const apiKey = value(env, "RECOLLECT_ENGINE_API_KEY") ?? providerKey;
  const baseUrl = value(env, "RECOLLECT_ENGINE_BASE_URL");
  const modelId = value(env, "RECOLLECT_ENGINE_MODEL");
  return {
    kind,
    names: ENVIRONMENT_SETTING_NAMES,
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(modelId ? { modelId } : {}),
  };
}
