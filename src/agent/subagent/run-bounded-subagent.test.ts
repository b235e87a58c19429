import { APICallError, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AbortedError, RecollectError } from "../../errors/recollect-error.js";
import {
  call,
  type MockTurn,
  mockModel,
} from "../tools/explore-chat-history/testing/explore-test-fixtures.js";
import {
  classifySubagentError,
  type RunBoundedSubagentOptions,
  runBoundedSubagent,
} from "./run-bounded-subagent.js";

function setup(turns: MockTurn[], overrides: Partial<RunBoundedSubagentOptions> = {}) {
  const state = { submitted: false, pings: 0, failures: [] as string[] };
  const model = mockModel(turns);
  const options: RunBoundedSubagentOptions = {
    model,
    system: "system",
    prompt: "prompt",
    tools: {
      ping: tool({ inputSchema: z.object({}), execute: async () => ({ pong: ++state.pings }) }),
      submit: tool({
        inputSchema: z.object({}),
        execute: async () => {
          state.submitted = true;
          return { accepted: true };
        },
      }),
    },
    submitToolName: "submit",
    budgets: { maxSteps: 3, maxAttempts: 2 },
    isSubmitted: () => state.submitted,
    signal: new AbortController().signal,
    onAttemptFailure: (error) => state.failures.push(error.kind),
    ...overrides,
  };
  return { state, model, options };
}

describe("runBoundedSubagent", () => {
  it("stops after the accepted submission", async () => {
    const { model, options } = setup([call("ping", {}), call("submit", {}), call("ping", {})]);
    const result = await runBoundedSubagent(options);
    expect(result).toEqual({
      status: "submitted",
      steps: 2,
      attempts: 1,
      failures: 0,
      error: null,
    });
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it("forces the submit tool on the last step and spends exactly maxSteps", async () => {
    const { model, options } = setup([call("ping", {}), call("ping", {}), call("ping", {})], {
      budgets: { maxSteps: 3, maxAttempts: 1 },
    });
    const result = await runBoundedSubagent(options);
    expect(result.status).toBe("failed");
    expect(result.steps).toBe(3);
    expect(result.error?.message).toBe("The Engine model ended without submitting a report.");
    expect(model.doStreamCalls.map((c) => c.toolChoice)).toEqual([
      { type: "auto" },
      { type: "auto" },
      { type: "tool", toolName: "submit" },
    ]);
  });

  it("forces submit early when the host says its budgets are spent", async () => {
    const { model, options } = setup([call("ping", {}), call("submit", {})], {
      shouldForceSubmit: () => true,
    });
    await runBoundedSubagent(options);
    expect(model.doStreamCalls[0]?.tools?.map((t) => t.name)).toEqual(["submit"]);
  });

  it("retries once after a thrown error, with the remaining steps", async () => {
    const { state, model, options } = setup([
      call("ping", {}),
      { throws: new Error("connection reset") },
      call("submit", {}),
    ]);
    const result = await runBoundedSubagent(options);
    expect(result).toEqual({
      status: "submitted",
      steps: 3,
      attempts: 2,
      failures: 1,
      error: null,
    });
    expect(state.failures).toEqual(["provider"]);
    expect(model.doStreamCalls[2]?.toolChoice).toEqual({ type: "tool", toolName: "submit" });
  });

  it("counts a stream error part as a failure and gives up after maxAttempts", async () => {
    const { options } = setup([{ errorPart: new Error("a") }, { errorPart: new Error("b") }]);
    const result = await runBoundedSubagent(options);
    expect(result.status).toBe("failed");
    expect(result.attempts).toBe(2);
    expect(result.failures).toBe(2);
    expect(result.error?.kind).toBe("provider");
  });

  it("rejects with AbortedError at once and aborts the model call", async () => {
    const controller = new AbortController();
    const { model, options } = setup([{ hang: true }], { signal: controller.signal });
    const pending = runBoundedSubagent(options);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(model.doStreamCalls[0]?.abortSignal?.aborted).toBe(true);
  });

  it("fails a silent attempt after modelIdleTimeoutMs with a ProviderError, cancels it and retries once", async () => {
    const { model, state, options } = setup([{ hang: true }, { hang: true }], {
      budgets: { maxSteps: 3, maxAttempts: 2, modelIdleTimeoutMs: 30 },
    });
    const result = await runBoundedSubagent(options);
    expect(result).toMatchObject({ status: "failed", attempts: 2, failures: 2, steps: 2 });
    expect(result.error?.kind).toBe("provider");
    expect(result.error?.message).toBe(
      "The Engine sent nothing for 30 ms; the request was cancelled.",
    );
    expect(state.failures).toEqual(["provider", "provider"]);
    expect(model.doStreamCalls.map((call) => call.abortSignal?.aborted)).toEqual([true, true]);
  });

  it("a timed-out first attempt can still be rescued by the retry", async () => {
    const { options } = setup([{ hang: true }, call("submit", {})], {
      budgets: { maxSteps: 3, maxAttempts: 2, modelIdleTimeoutMs: 30 },
    });
    const result = await runBoundedSubagent(options);
    expect(result).toMatchObject({ status: "submitted", attempts: 2, failures: 1 });
  });

  it("rejects a missing submit tool as a programming error", async () => {
    const { options } = setup([], { submitToolName: "nope" });
    await expect(runBoundedSubagent(options)).rejects.toSatisfy(
      (error: unknown) => RecollectError.isInstance(error) && error.kind === "internal",
    );
  });

  it("classifies provider failures without echoing provider bodies", () => {
    const limited = new APICallError({
      message: "slow down",
      url: "u",
      requestBodyValues: {},
      statusCode: 429,
      responseBody: "secret prompt echo",
    });
    const classified = classifySubagentError(limited);
    expect(classified.kind).toBe("rate_limited");
    expect(classified.message).toBe("The Engine request failed (HTTP 429).");
    expect(classifySubagentError(new Error("x")).message).toBe("The Engine stream failed.");
    expect(classifySubagentError(new AbortedError()).kind).toBe("aborted");
  });

  it("names the unreachable endpoint (no query, no credentials) and the network code", () => {
    const refused = new APICallError({
      message: "Cannot connect to API: connect ECONNREFUSED",
      url: "http://user:pw@127.0.0.1:59999/v1/chat/completions?key=secret",
      requestBodyValues: { messages: "archival text" },
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    const classified = classifySubagentError(refused);
    expect([classified.kind, classified.message]).toEqual([
      "provider",
      "The Engine at http://127.0.0.1:59999/v1/chat/completions could not be reached (ECONNREFUSED).",
    ]);
  });
});
