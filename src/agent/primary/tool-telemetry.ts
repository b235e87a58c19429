/**
 * Maps a finished main-facing tool call to allowlisted telemetry: one `tool_call` event, plus an
 * `explore_run` event for the explorer built from its privacy-safe stats (numbers, booleans and
 * enums only). Nothing from the input, the report text or the evidence is read.
 */
import { z } from "zod";
import {
  exploreChatHistoryReportSchema,
  partialReasonSchema,
  reportConfidenceSchema,
  reportOutcomeSchema,
} from "../../card/report-schema.js";
import type { RecollectError } from "../../errors/recollect-error.js";
import type { ExploreRunEvent, TelemetrySink, TelemetrySurface } from "../../telemetry/index.js";
import { toolCallEventSchema } from "../../telemetry/index.js";

/** What one finished call contributes. `output` is read only for the explorer's `stats`. */
export interface ToolTelemetryInput {
  readonly toolName: string;
  readonly durationMs: number;
  readonly consent: "always" | "ask";
  readonly prompted: boolean;
  readonly output: unknown;
  readonly error: RecollectError | null;
  /** The surface that made the call, recorded on both events when given. */
  readonly surface?: TelemetrySurface;
}

/**
 * The explorer stats fields telemetry uses (see `explore-chat-history/stats.ts`); the enums are the
 * report's own schemas, so a value the explorer can produce is never misread as unrecognised.
 */
const explorerStatsSchema = z.object({
  stats: z.object({
    steps: z.number(),
    searches: z.number(),
    reads: z.number(),
    observation_bytes: z.number(),
    evidence_targets: z.number(),
    findings: z.number(),
    conflicts: z.number(),
    fallback_used: z.boolean(),
    outcome: reportOutcomeSchema,
    confidence: reportConfidenceSchema,
    index_status: exploreChatHistoryReportSchema.shape.index_status,
    truncated: z.boolean(),
  }),
  report: z.object({
    partial_reason: partialReasonSchema.optional(),
  }),
});

/** What an explorer run contributes: its duration, its `{stats, report}` output or its error. */
export type ExploreRunTelemetryInput = Pick<
  ToolTelemetryInput,
  "durationMs" | "output" | "error" | "surface"
>;

const wholeMs = (ms: number) => Math.max(0, Math.round(ms));

const surfaceField = (input: Pick<ToolTelemetryInput, "surface">) =>
  input.surface === undefined ? {} : { surface: input.surface };

/**
 * The `explore_run` event for an explorer call, or null when there was no run to describe: the
 * person declined the consent prompt (the explorer never started), or the output is not recognised.
 */
export function exploreRunEvent(input: ExploreRunTelemetryInput): ExploreRunEvent | null {
  const durationMs = wholeMs(input.durationMs);
  if (input.error?.kind === "user_cancelled") return null;
  if (input.error) {
    return {
      event: "explore_run",
      duration_ms: durationMs,
      steps: 0,
      search_count: 0,
      read_count: 0,
      observation_bytes: 0,
      evidence_count: 0,
      finding_count: 0,
      conflict_count: 0,
      truncated: false,
      outcome: input.error.kind === "aborted" ? "cancelled" : "failed",
      fallback: false,
      error_kind: input.error.kind,
      ...surfaceField(input),
    };
  }
  const parsed = explorerStatsSchema.safeParse(input.output);
  if (!parsed.success) return null;
  const { stats, report } = parsed.data;
  return {
    event: "explore_run",
    duration_ms: durationMs,
    steps: stats.steps,
    search_count: stats.searches,
    read_count: stats.reads,
    observation_bytes: stats.observation_bytes,
    evidence_count: stats.evidence_targets,
    finding_count: stats.findings,
    conflict_count: stats.conflicts,
    index_status: stats.index_status,
    confidence: stats.confidence,
    truncated: stats.truncated,
    outcome: stats.outcome,
    ...(report.partial_reason ? { partial_reason: report.partial_reason } : {}),
    fallback: stats.fallback_used,
    ...surfaceField(input),
  };
}

/**
 * Records the call. Tools outside the telemetry enum (a host's own extra tools) are skipped
 * rather than named: a tool name is only written when it is on the allowlist.
 */
export function recordToolTelemetry(sink: TelemetrySink, input: ToolTelemetryInput): void {
  const event = {
    event: "tool_call" as const,
    tool: input.toolName,
    duration_ms: wholeMs(input.durationMs),
    consent: input.consent,
    prompted: input.prompted,
    outcome: input.error ? ("error" as const) : ("ok" as const),
    ...(input.error ? { error_kind: input.error.kind } : {}),
    ...surfaceField(input),
  };
  const checked = toolCallEventSchema.safeParse(event);
  if (checked.success) sink.record(checked.data);
  if (input.toolName === "explore_chat_history") recordExploreRunTelemetry(sink, input);
}

/**
 * Records one explorer run that no main-facing tool call wrapped (`recollect explore`, `demo`):
 * the `explore_run` event only, from the run's privacy-safe stats (see {@link exploreRunEvent}),
 * nothing when there was no run to describe.
 * @throws what `sink.record` throws (an unwritable telemetry file).
 */
export function recordExploreRunTelemetry(
  sink: TelemetrySink,
  input: ExploreRunTelemetryInput,
): void {
  const run = exploreRunEvent(input);
  if (run) sink.record(run);
}
