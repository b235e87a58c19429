/**
 * The one generic bounded sub-agent runner (STYLE.md § One generic bounded runner; plan § Budgets
 * and Reliability). A sub-agent is configuration: a model, a system prompt, a fixed ToolSet that
 * contains a submit tool, and budgets. The runner owns the model loop only; host state (what was
 * observed, whether a submission was accepted) lives in the caller's tools.
 *
 * Guarantees:
 * - at most `maxSteps` model steps across all attempts; the last one may only call the submit tool;
 * - at most `maxAttempts` attempts (the first plus retries); a thrown error, a stream `error` part,
 *   or an attempt that ends without an accepted submission counts as one failure;
 * - abort cancels the stream at once and the runner rejects with `AbortedError`; nothing resolves
 *   after cancellation;
 * - with `modelIdleTimeoutMs`, an attempt whose stream stays silent that long (a request that never
 *   answers, a stream that stalls) is cancelled and counts as one failure with a classified
 *   `ProviderError`, so a hung Engine ends in an error or a fallback instead of never;
 * - `fullStream` is read to its end or cancelled, never left half-read (AI SDK tee leak).
 */
import type { SharedV3ProviderOptions } from "@ai-sdk/provider";
import { APICallError, type LanguageModel, stepCountIs, streamText, type ToolSet } from "ai";
import {
  AbortedError,
  ProviderError,
  RecollectError,
  toRecollectError,
} from "../../errors/recollect-error.js";

/** Model-loop budgets. Numbers come from the caller's own constants block, with reasons. */
export interface SubagentLoopBudgets {
  /** Model steps across every attempt, ≥ 1; the last forces the submit tool. */
  readonly maxSteps: number;
  /** First attempt plus retries, ≥ 1 (DESIGN.md: one retry → 2). */
  readonly maxAttempts: number;
  /**
   * Longest silence of the model stream within an attempt, ms (≥ 1): no stream part for this
   * long cancels the attempt as a failure. Tool execution between a call and its result counts
   * as silence, so the value must exceed the slowest tool. Unset: no idle bound.
   */
  readonly modelIdleTimeoutMs?: number;
}

/** What one finished model step reports to `onStep`; counts only, never model text. */
export interface SubagentStepInfo {
  /** 1-based step number across attempts. */
  readonly step: number;
  /** 1-based attempt number. */
  readonly attempt: number;
  readonly toolCalls: number;
}

/** Options of {@link runBoundedSubagent}. */
export interface RunBoundedSubagentOptions {
  readonly model: LanguageModel;
  readonly system: string;
  readonly prompt: string;
  /**
   * Typed values for the model beside the prompt text (AI SDK `providerOptions`, keyed by
   * namespace); providers ignore namespaces that are not theirs.
   */
  readonly providerOptions?: SharedV3ProviderOptions;
  /** Prompt for retry attempts (default `prompt`), e.g. to say that earlier results are cached. */
  readonly retryPrompt?: string;
  /** The complete child ToolSet; must contain `submitToolName`. Nothing else is added. */
  readonly tools: ToolSet;
  readonly submitToolName: string;
  readonly budgets: SubagentLoopBudgets;
  /** True once the host accepted a submission; the loop stops after that step. */
  readonly isSubmitted: () => boolean;
  /** True when host budgets (calls, bytes) are spent: the next step is forced to submit. */
  readonly shouldForceSubmit?: () => boolean;
  /** Cancels the run; the runner then rejects with `AbortedError`. */
  readonly signal: AbortSignal;
  readonly onStep?: (info: SubagentStepInfo) => void;
  /** Called when the model starts writing a tool call (`tool-input-start` or `tool-call`). */
  readonly onToolCallStart?: (toolName: string) => void;
  /** Called once per failed attempt with the classified error (before any retry). */
  readonly onAttemptFailure?: (error: RecollectError, attempt: number) => void;
}

/** How a run ended. `submitted` means the host accepted a submission in some attempt. */
export interface BoundedSubagentResult {
  readonly status: "submitted" | "failed";
  /** Model steps used across attempts (≤ `maxSteps`), a failed unfinished call counting as one. */
  readonly steps: number;
  readonly attempts: number;
  readonly failures: number;
  /** The last attempt's failure when `status` is `failed`, else null. */
  readonly error: RecollectError | null;
}

/**
 * Turns a provider or loop failure into a classified error. Messages name the HTTP status only;
 * provider bodies can echo prompt text, so they stay in `cause`.
 */
export function classifySubagentError(error: unknown): RecollectError {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) {
      // No HTTP answer at all: the endpoint (configuration, not archival text) and the network
      // code (ECONNREFUSED, ENOTFOUND, …) are what the person needs to fix it.
      const code = networkErrorCode(error);
      return new ProviderError(
        `The Engine at ${endpointOf(error.url)} could not be reached${code ? ` (${code})` : ""}.`,
        { cause: error },
      );
    }
    return new ProviderError(`The Engine request failed (HTTP ${status}).`, {
      cause: error,
      statusCode: status,
    });
  }
  const classified = toRecollectError(error);
  if (classified.kind !== "internal") return classified;
  return new ProviderError("The Engine stream failed.", { cause: error });
}

/**
 * What went wrong on the network, from an error's `cause` chain (≤ 5 levels): the first `code`
 * string (e.g. `ECONNREFUSED`), else the innermost message (e.g. `bad port`), ≤ 120 chars. These
 * come from the network stack, never from a provider's response body.
 */
function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = (error as { cause?: unknown }).cause;
  let innermost: string | undefined;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Z_]+$/.test(code)) return code;
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && message) innermost = message.slice(0, 120);
    current = (current as { cause?: unknown }).cause;
  }
  return innermost;
}

/** Origin and path of a request URL, without query or credentials. */
function endpointOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "the configured base URL";
  }
}

interface AttemptOutcome {
  readonly steps: number;
  readonly error: unknown;
}

async function runAttempt(
  options: RunBoundedSubagentOptions,
  attempt: number,
  stepsBefore: number,
): Promise<AttemptOutcome> {
  const { budgets, submitToolName, signal } = options;
  const stepsAllowed = budgets.maxSteps - stepsBefore;
  const controller = new AbortController();
  const relayAbort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", relayAbort, { once: true });
  let steps = 0;
  let toolCalls = 0;
  let streamError: unknown = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let idleError: ProviderError | null = null;
  // A failed model call that never finished its step still cost a step: count it, so retries
  // can never make more model calls than `maxSteps` in total.
  let errorSinceFinish = false;
  try {
    const result = streamText({
      model: options.model,
      system: options.system,
      prompt:
        attempt > 1 && options.retryPrompt !== undefined ? options.retryPrompt : options.prompt,
      tools: options.tools,
      ...(options.providerOptions ? { providerOptions: options.providerOptions } : {}),
      onError: () => undefined, // errors are counted from the stream below, not logged here
      maxRetries: 0, // the runner owns the retry budget; the SDK must not add hidden ones
      abortSignal: controller.signal,
      stopWhen: [stepCountIs(stepsAllowed), () => options.isSubmitted()],
      prepareStep: ({ stepNumber }) => {
        const last = stepNumber >= stepsAllowed - 1;
        if (!last && !options.shouldForceSubmit?.()) return undefined;
        return {
          toolChoice: { type: "tool", toolName: submitToolName },
          activeTools: [submitToolName],
        };
      },
    });
    const reader = result.fullStream.getReader();
    const cancelRead = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener("abort", cancelRead, { once: true });
    const idleMs = budgets.modelIdleTimeoutMs;
    const armIdleTimer = () => {
      if (idleMs === undefined) return;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idleError = new ProviderError(
          `The Engine sent nothing for ${idleMs >= 1000 ? `${Math.round(idleMs / 1000)} s` : `${idleMs} ms`}; the request was cancelled.`,
        );
        controller.abort(idleError);
        cancelRead();
      }, idleMs);
    };
    try {
      for (;;) {
        armIdleTimer();
        const { done, value } = await reader.read();
        if (signal.aborted) throw new AbortedError();
        if (idleError !== null) break;
        if (done) break;
        if (value.type === "error") {
          streamError ??= value.error;
          errorSinceFinish = true;
        }
        if (value.type === "tool-input-start") options.onToolCallStart?.(value.toolName);
        if (value.type === "tool-call") {
          toolCalls += 1;
          options.onToolCallStart?.(value.toolName);
        }
        if (value.type === "finish-step") {
          errorSinceFinish = false;
          steps += 1;
          options.onStep?.({ step: stepsBefore + steps, attempt, toolCalls });
          toolCalls = 0;
        }
      }
    } finally {
      clearTimeout(idleTimer);
      signal.removeEventListener("abort", cancelRead);
      if (signal.aborted || idleError !== null) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  } catch (error) {
    if (signal.aborted) throw new AbortedError();
    return { steps: Math.min(steps + 1, stepsAllowed), error: idleError ?? error };
  } finally {
    clearTimeout(idleTimer);
    signal.removeEventListener("abort", relayAbort);
  }
  // A timed-out call never finished its step, but it cost one.
  if (idleError !== null) return { steps: Math.min(steps + 1, stepsAllowed), error: idleError };
  const unfinished = errorSinceFinish ? 1 : 0;
  return { steps: Math.min(steps + unfinished, stepsAllowed), error: streamError };
}

/**
 * Runs the sub-agent loop until the host accepts a submission, the step budget is spent, or the
 * attempts are used up. Never throws for model failures (they come back as `status: "failed"`
 * with the classified error) so the caller can choose between an error and a fallback.
 *
 * @throws AbortedError when `signal` fires, at once; no later resolution happens.
 * @throws RecollectError (`internal`) when a budget is below 1 or the submit tool is missing from
 *   `tools` (a programming error, not a model failure).
 */
export async function runBoundedSubagent(
  options: RunBoundedSubagentOptions,
): Promise<BoundedSubagentResult> {
  const { budgets, signal } = options;
  if (
    budgets.maxSteps < 1 ||
    budgets.maxAttempts < 1 ||
    !(options.submitToolName in options.tools)
  ) {
    throw new RecollectError("internal", "runBoundedSubagent: bad budgets or missing submit tool.");
  }
  let steps = 0;
  let failures = 0;
  let lastError: RecollectError | null = null;
  let attempt = 0;
  while (attempt < budgets.maxAttempts && steps < budgets.maxSteps) {
    if (signal.aborted) throw new AbortedError();
    attempt += 1;
    const outcome = await runAttempt(options, attempt, steps);
    steps += outcome.steps;
    if (signal.aborted) throw new AbortedError();
    if (options.isSubmitted()) {
      return { status: "submitted", steps, attempts: attempt, failures, error: null };
    }
    failures += 1;
    lastError =
      outcome.error === null
        ? new ProviderError("The Engine model ended without submitting a report.")
        : classifySubagentError(outcome.error);
    options.onAttemptFailure?.(lastError, attempt);
  }
  return { status: "failed", steps, attempts: attempt, failures, error: lastError };
}
