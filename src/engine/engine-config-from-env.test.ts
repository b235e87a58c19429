import { describe, expect, test } from "vitest";
import { ENVIRONMENT_SETTING_NAMES, engineConfigFromEnv } from "./engine-config-from-env.js";

const names = ENVIRONMENT_SETTING_NAMES;

describe("engineConfigFromEnv", () => {
  test("defaults to offline with nothing set (blank values count as unset)", () => {
    expect(engineConfigFromEnv({})).toEqual({ kind: "offline", names });
    expect(engineConfigFromEnv({ RECOLLECT_ENGINE: "  ", RECOLLECT_ENGINE_MODEL: "" })).toEqual({
      kind: "offline",
      names,
    });
  });

  test("reads kind, base URL, key and model", () => {
    expect(
      engineConfigFromEnv({
        RECOLLECT_ENGINE: "OpenAI-Compatible",
        RECOLLECT_ENGINE_BASE_URL: "http://127.0.0.1:8080/v1",
        RECOLLECT_ENGINE_API_KEY: "local",
        RECOLLECT_ENGINE_MODEL: "qwen2.5",
      }),
    ).toEqual({
      kind: "openai-compatible",
      names,
      baseUrl: "http://127.0.0.1:8080/v1",
      apiKey: "local",
      modelId: "qwen2.5",
    });
  });

  test("hosted kinds fall back to the provider's conventional key variable", () => {
    expect(engineConfigFromEnv({ RECOLLECT_ENGINE: "openai", OPENAI_API_KEY: "sk-1" })).toEqual({
      kind: "openai",
      names,
      apiKey: "sk-1",
    });
    expect(
      engineConfigFromEnv({
        RECOLLECT_ENGINE: "anthropic",
        ANTHROPIC_API_KEY: "a-1",
        OPENAI_API_KEY: "sk-1",
      }),
    ).toEqual({
      kind: "anthropic",
      names,
      apiKey: "a-1",
    });
    expect(
      engineConfigFromEnv({
        RECOLLECT_ENGINE: "openai",
        OPENAI_API_KEY: "sk-1",
        RECOLLECT_ENGINE_API_KEY: "sk-2",
      }).apiKey,
    ).toBe("sk-2");
  });

  test("a provider key is never picked up for another kind", () => {
    expect(
      engineConfigFromEnv({ RECOLLECT_ENGINE: "openai-compatible", OPENAI_API_KEY: "sk-1" }),
    ).toEqual({ kind: "openai-compatible", names });
  });

  test("an unknown kind is a configuration error (precondition) naming RECOLLECT_ENGINE", () => {
    expect(() => engineConfigFromEnv({ RECOLLECT_ENGINE: "gemini" })).toThrow(
      expect.objectContaining({ kind: "precondition", setting: "RECOLLECT_ENGINE" }),
    );
    expect(() => engineConfigFromEnv({ RECOLLECT_ENGINE: "gemini" })).toThrow(
      'Invalid RECOLLECT_ENGINE: expected one of offline, openai-compatible, openai, anthropic (got "gemini").',
    );
  });
});
