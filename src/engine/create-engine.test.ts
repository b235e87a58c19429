import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, test } from "vitest";
import {
  InvalidConfigurationError,
  PreconditionError,
  RecollectError,
} from "../errors/recollect-error.js";
import { createEngine } from "./create-engine.js";
import type { EngineConfig, EngineKind } from "./engine.js";
import { ENVIRONMENT_SETTING_NAMES } from "./engine-config-from-env.js";
import { EXPLORER_MODEL_DEFAULTS } from "./explorer-model-defaults.js";

function failure(config: EngineConfig): unknown {
  try {
    createEngine(config);
  } catch (error) {
    return error;
  }
  return null;
}

function providerOf(config: EngineConfig): { provider: string; modelId: string } {
  const model = createEngine(config).languageModel();
  if (typeof model === "string") throw new Error("expected a model object");
  return { provider: model.provider, modelId: model.modelId };
}

describe("createEngine", () => {
  test("offline uses the injected offline model and its id", () => {
    const model = new MockLanguageModelV3({ provider: "injected", modelId: "offline-test-7" });
    const engine = createEngine(
      { kind: "offline" },
      { modelId: "offline-test-7", languageModel: () => model },
    );
    expect([engine.kind, engine.modelId]).toEqual(["offline", "offline-test-7"]);
    expect(engine.languageModel()).toBe(model);
  });

  test("offline without an injected model names what is missing", () => {
    const error = failure({ kind: "offline" });
    expect(error).toBeInstanceOf(PreconditionError);
    expect((error as PreconditionError).missing).toBe("engine.offlineModel");
  });

  test("openai-compatible uses the base URL and model id, API key optional", () => {
    const engine = createEngine({
      kind: "openai-compatible",
      baseUrl: "http://127.0.0.1:11434/v1/",
      modelId: "llama3.1",
    });
    expect([engine.kind, engine.modelId]).toEqual(["openai-compatible", "llama3.1"]);
    expect(
      providerOf({
        kind: "openai-compatible",
        baseUrl: "http://127.0.0.1:11434/v1",
        modelId: "llama3.1",
      }),
    ).toEqual({
      provider: "recollect-engine.chat",
      modelId: "llama3.1",
    });
  });

  test.each<[EngineConfig, string]>([
    [{ kind: "openai-compatible", modelId: "m" }, "engine.baseUrl"],
    [{ kind: "openai-compatible", baseUrl: "  ", modelId: "m" }, "engine.baseUrl"],
    [{ kind: "openai-compatible", baseUrl: "http://127.0.0.1:1234/v1" }, "engine.modelId"],
    [{ kind: "openai", modelId: "gpt-4.1" }, "OPENAI_API_KEY"],
    [{ kind: "anthropic" }, "ANTHROPIC_API_KEY"],
  ])("missing configuration is a PreconditionError naming it: %j → %s", (config, missing) => {
    const error = failure(config);
    expect(error).toBeInstanceOf(PreconditionError);
    expect(error).toMatchObject({ kind: "precondition", missing });
    expect(RecollectError.isInstance(error) && error.message).toContain(missing);
  });

  test.each([
    [{ kind: "openai-compatible", modelId: "m" }, "RECOLLECT_ENGINE_BASE_URL"],
    [{ kind: "openai-compatible", baseUrl: "http://127.0.0.1:1234/v1" }, "RECOLLECT_ENGINE_MODEL"],
  ] as const)("a config from the environment names the variable: %j → %s", (config, missing) => {
    const error = failure({ ...config, names: ENVIRONMENT_SETTING_NAMES });
    expect(error).toMatchObject({ kind: "precondition", missing });
    expect(RecollectError.isInstance(error) && error.message).toContain(`set ${missing}`);
    expect(RecollectError.isInstance(error) && error.message).not.toContain("engine.");
  });

  test("a base URL that is not http(s) is a configuration error naming where it came from", () => {
    expect(
      failure({ kind: "openai-compatible", baseUrl: "ftp://host/v1", modelId: "m" }),
    ).toMatchObject({
      kind: "precondition",
      setting: "engine.baseUrl",
      allowed: "an http(s) URL such as http://127.0.0.1:11434/v1",
    });
    expect(
      failure({ kind: "openai-compatible", baseUrl: "not a url", modelId: "m" }),
    ).toBeInstanceOf(InvalidConfigurationError);
    expect(
      failure({
        kind: "openai",
        apiKey: "k",
        baseUrl: "not a url",
        names: ENVIRONMENT_SETTING_NAMES,
      }),
    ).toMatchObject({ kind: "precondition", setting: "RECOLLECT_ENGINE_BASE_URL" });
  });

  test("hosted kinds default their model from EXPLORER_MODEL_DEFAULTS", () => {
    expect(createEngine({ kind: "openai", apiKey: "sk-test" }).modelId).toBe(
      EXPLORER_MODEL_DEFAULTS.openai,
    );
    expect(createEngine({ kind: "anthropic", apiKey: "k" }).modelId).toBe(
      EXPLORER_MODEL_DEFAULTS.anthropic,
    );
    expect(providerOf({ kind: "openai", apiKey: "sk-test" })).toEqual({
      provider: "openai.chat",
      modelId: "gpt-4.1-mini",
    });
    expect(providerOf({ kind: "anthropic", apiKey: "k", modelId: "claude-x" })).toEqual({
      provider: "anthropic.messages",
      modelId: "claude-x",
    });
  });

  test("an unknown kind is a configuration error, never a fallback", () => {
    expect(failure({ kind: "gemini" as EngineKind })).toMatchObject({
      kind: "precondition",
      setting: "engine.kind",
    });
  });

  test("the explorer's model selection is one table covering every kind", () => {
    expect(EXPLORER_MODEL_DEFAULTS).toEqual({
      offline: null,
      openai: "gpt-4.1-mini",
      anthropic: "claude-haiku-4-5",
      "openai-compatible": null,
    });
    expect(Object.isFrozen(EXPLORER_MODEL_DEFAULTS)).toBe(true);
  });
});
