/**
 * Turns a built toolset into AI SDK tools for the primary loop. Every call goes through one
 * wrapper that, in order: announces the call (`tool-call-start`), asks consent when the consent in
 * force is `ask` (exactly once per call, through the injected `ConsentPrompter`), runs the tool
 * with a `ToolExecutionContext` whose `updateCard` emits `card-update`, and reports `tool-result`.
 *
 * Failures are classified and handed to the model as `{"error":{"kind","message"}}` so it can
 * react (a denial is `user_cancelled`, a missing entitlement `precondition`); an abort is
 * rethrown so the turn stops.
 */
import { type Tool, tool } from "ai";
import type { AgentEventSink } from "../../contracts/agent-events.js";
import type { Engine } from "../../engine/engine.js";
import { AbortedError, UserCancelledError } from "../../errors/recollect-error.js";
import type { TelemetrySink } from "../../telemetry/index.js";
import type { BuiltToolSet, ToolSetEntry } from "../build-tool-set.js";
import { consentDisclosure } from "../consent/consent-copy.js";
import type { ConsentPrompter } from "../consent/consent-prompter.js";
import type { AgentContext } from "../context.js";
import type { ToolExecutionContext } from "../tools/tool-definition.js";
import { classifyTurnError } from "./classify-error.js";
import { recordToolTelemetry } from "./tool-telemetry.js";

/** What the wrapper needs besides the toolset. */
export interface AiToolSetOptions {
  readonly ctx: AgentContext;
  readonly engine: Engine | null;
  readonly prompter: ConsentPrompter;
  readonly emit: AgentEventSink;
  readonly telemetry: TelemetrySink;
  /** Clock in ms, for durations. */
  readonly now: () => number;
  /** Called when the wrapper starts a call, so the loop knows which ids it has announced. */
  readonly onCallStarted: (toolCallId: string) => void;
}

function wrap(entry: ToolSetEntry, options: AiToolSetOptions): Tool<unknown, string> {
  const { definition } = entry;
  const { ctx, emit } = options;
  return tool<unknown, string>({
    description: definition.description,
    inputSchema: definition.inputSchema,
    async execute(input, { toolCallId }) {
      const started = options.now();
      options.onCallStarted(toolCallId);
      emit({ type: "tool-call-start", toolCallId, toolName: definition.name, input });
      let prompted = false;
      try {
        if (ctx.abortSignal.aborted) throw new AbortedError();
        if (entry.consent === "ask") {
          prompted = true;
          const decision = await options.prompter.confirm(
            {
              toolName: definition.name,
              preview: definition.consentPreview(input),
              disclosure: consentDisclosure(definition.name),
            },
            ctx.abortSignal,
          );
          if (ctx.abortSignal.aborted) throw new AbortedError();
          if (decision !== "allow") throw new UserCancelledError(definition.name);
        }
        const executionContext: ToolExecutionContext = {
          ...ctx,
          engine: options.engine,
          updateCard: (card) =>
            emit({ type: "card-update", toolCallId, toolName: definition.name, card }),
        };
        const output = await definition.execute(input, executionContext);
        const modelOutput = definition.toModelOutput(output);
        emit({
          type: "tool-result",
          toolCallId,
          toolName: definition.name,
          ok: true,
          output,
          modelOutput,
        });
        recordToolTelemetry(options.telemetry, {
          toolName: definition.name,
          durationMs: options.now() - started,
          consent: entry.consent,
          prompted,
          output,
          error: null,
        });
        return modelOutput;
      } catch (error) {
        const classified = classifyTurnError(error, ctx.abortSignal);
        const failure = { kind: classified.kind, message: classified.message };
        emit({
          type: "tool-result",
          toolCallId,
          toolName: definition.name,
          ok: false,
          error: failure,
        });
        recordToolTelemetry(options.telemetry, {
          toolName: definition.name,
          durationMs: options.now() - started,
          consent: entry.consent,
          prompted,
          output: undefined,
          error: classified,
        });
        if (classified.kind === "aborted") throw classified;
        return JSON.stringify({ error: failure });
      }
    },
  });
}

/** The AI SDK tool map for `toolSet`, keyed by tool name, in registry order. */
export function toAiToolSet(
  toolSet: BuiltToolSet,
  options: AiToolSetOptions,
): Record<string, Tool<unknown, string>> {
  const tools: Record<string, Tool<unknown, string>> = {};
  for (const entry of toolSet.tools) tools[entry.definition.name] = wrap(entry, options);
  return tools;
}
