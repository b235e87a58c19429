/**
 * The allowlisted telemetry events (plan § Consent and Privacy: "duration, step/tool counts,
 * observation bytes, index status, confidence, truncation, and outcome … never query text, chat
 * titles/IDs, message IDs, excerpts, quotes, or transcript content"; § Indexer Lifecycle: drain
 * duration, dirty-queue size, index size).
 *
 * Privacy is enforced by the schema, not by convention: every object is strict (unknown keys are
 * rejected), every number is a bounded non-negative integer count, size or duration, and every
 * string is an enum member or the ISO timestamp the sink itself adds. There is no field that can
 * carry free text, and no field for an id.
 */
import { z } from "zod";
import { RECOLLECT_ERROR_KINDS } from "../errors/recollect-error.js";

const count = z.number().int().min(0).max(1_000_000_000);
const durationMs = z.number().int().min(0).max(86_400_000);
const bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Error kinds, mirroring `RecollectErrorKind`. */
export const telemetryErrorKindSchema = z.enum(RECOLLECT_ERROR_KINDS);

/** The main-facing tool names a `tool_call` event may name (an enum: never a free string). */
export const telemetryToolNameSchema = z.enum([
  "explore_chat_history",
  "read_chat",
  "set_chat_summary",
  "write_plan",
  "exit_plan",
]);

/**
 * Which surface made a call: the terminal chat, the web app, the MCP server a coding agent talks
 * to, or a one-shot CLI command (`recollect explore`, `demo`: an explorer run no primary agent
 * asked for). Optional on the events so records written before it existed stay valid.
 */
export const telemetrySurfaceSchema = z.enum(["terminal", "web", "mcp", "cli"]);

/** A telemetry surface (see {@link telemetrySurfaceSchema}). */
export type TelemetrySurface = z.infer<typeof telemetrySurfaceSchema>;

/**
 * One explorer run. `outcome` adds `cancelled` and `failed` to the report outcomes; `fallback`
 * is true for the deterministic evidence-only report. Counts come from the run's stats/report.
 */
export const exploreRunEventSchema = z.strictObject({
  event: z.literal("explore_run"),
  duration_ms: durationMs,
  steps: count,
  search_count: count,
  read_count: count,
  observation_bytes: bytes,
  evidence_count: count,
  finding_count: count,
  conflict_count: count,
  index_status: z.enum(["ready", "indexing"]).optional(),
  confidence: z.enum(["high", "medium", "low"]).optional(),
  truncated: z.boolean(),
  outcome: z.enum(["complete", "no_match", "partial", "cancelled", "failed"]),
  partial_reason: z
    .enum([
      "synthesis_failed",
      "tool_failed",
      "index_incomplete",
      "budget_exhausted",
      "results_truncated",
      "citations_dropped",
      "report_clamped",
      "weak_evidence",
    ])
    .optional(),
  fallback: z.boolean(),
  error_kind: telemetryErrorKindSchema.optional(),
  surface: telemetrySurfaceSchema.optional(),
});

/** One main-facing tool call (consent in force, whether a prompt was shown, outcome). */
export const toolCallEventSchema = z.strictObject({
  event: z.literal("tool_call"),
  tool: telemetryToolNameSchema,
  duration_ms: durationMs,
  consent: z.enum(["always", "ask"]),
  prompted: z.boolean(),
  outcome: z.enum(["ok", "error"]),
  error_kind: telemetryErrorKindSchema.optional(),
  surface: telemetrySurfaceSchema.optional(),
});

/** One primary-agent turn. `explorer_exposed` says whether the toolset held the explorer. */
export const primaryTurnEventSchema = z.strictObject({
  event: z.literal("primary_turn"),
  mode: z.enum(["agent", "ask", "plan"]),
  duration_ms: durationMs,
  steps: count,
  tool_call_count: count,
  explorer_exposed: z.boolean(),
  outcome: z.enum(["finished", "error", "aborted"]),
  error_kind: telemetryErrorKindSchema.optional(),
});

/**
 * An index measurement (plan § Indexer Lifecycle): how long a drain took, how many messages it
 * indexed, the dirty-queue size left, and the index's size on disk in bytes.
 */
export const indexMeasurementEventSchema = z.strictObject({
  event: z.literal("index_measurement"),
  drain_duration_ms: durationMs,
  drained_count: count,
  dirty_queue_size: count,
  index_size_bytes: bytes,
});

/** Any event the sink accepts, before the sink stamps it. */
export const telemetryEventSchema = z.discriminatedUnion("event", [
  exploreRunEventSchema,
  toolCallEventSchema,
  primaryTurnEventSchema,
  indexMeasurementEventSchema,
]);

/** An event as callers build it. */
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;
/** One explorer run (see {@link exploreRunEventSchema}). */
export type ExploreRunEvent = z.infer<typeof exploreRunEventSchema>;
/** One main-facing tool call (see {@link toolCallEventSchema}). */
export type ToolCallEvent = z.infer<typeof toolCallEventSchema>;
/** One primary-agent turn (see {@link primaryTurnEventSchema}). */
export type PrimaryTurnEvent = z.infer<typeof primaryTurnEventSchema>;
/** One index measurement (see {@link indexMeasurementEventSchema}). */
export type IndexMeasurementEvent = z.infer<typeof indexMeasurementEventSchema>;

/** A written line: the event plus `at`, the ISO-8601 UTC time the sink recorded it. */
export type TelemetryRecord = TelemetryEvent & { readonly at: string };
