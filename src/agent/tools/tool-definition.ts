/**
 * The shape every primary-agent tool has (plan § Tool Exposure and Entitlement). One file per tool
 * under `agent/tools/`; the registry `TOOL_DEFINITIONS` lists those the primary agent may get, and
 * `buildToolSet()` filters them by consent, mode, entitlement and free-model mode.
 */
import type { z } from "zod";
import type { HistoryCard } from "../../card/history-card.js";
import type { Consent } from "../../contracts/consent.js";
import type { Engine } from "../../engine/engine.js";
import type { AgentContext } from "../context.js";

/**
 * What a tool's `execute` receives beyond its input: the locked turn context plus host services.
 * `engine` is null when no Engine is configured (tools that need it throw `PreconditionError`).
 */
export interface ToolExecutionContext extends AgentContext {
  readonly engine: Engine | null;
  /**
   * Replaces this tool call's card in the streamed assistant message with `card`. The first call
   * makes the card visible; later calls update it in place.
   */
  readonly updateCard: (card: HistoryCard) => void;
}

/**
 * A tool the primary agent can be given.
 *
 * @typeParam Input - validated input (from `inputSchema`).
 * @typeParam Output - the typed result `execute` resolves to; `toModelOutput` serializes it once.
 */
export interface ToolDefinition<Input, Output> {
  /** snake_case, fixed by the plan (`explore_chat_history`, `read_chat`, …). */
  readonly name: string;
  /** What the model reads to decide when to call it. */
  readonly description: string;
  readonly inputSchema: z.ZodType<Input>;
  /** Consent when the person never changed it. */
  readonly defaultConsent: Consent;
  /** True if it calls the Engine endpoint: free-model mode removes it. */
  readonly usesEngineEndpoint: boolean;
  /** True if it writes anything: ask and plan modes remove it. */
  readonly modifiesState: boolean;
  /** Exposure check at toolset-build time; execution re-checks what matters (e.g. Pro). */
  isEnabled(ctx: AgentContext): boolean;
  /** One line for the consent prompt: what this call sends where. Never archival text. */
  consentPreview(input: Input): string;
  /**
   * Runs the tool. Throws a `RecollectError` subclass (e.g. `PreconditionError` without Pro,
   * `AbortedError` on cancel); never returns another app's data.
   */
  execute(input: Input, ctx: ToolExecutionContext): Promise<Output>;
  /** The text the primary model sees for `output` (JSON or compact text). */
  toModelOutput(output: Output): string;
}
