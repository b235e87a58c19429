/** Privacy-safe telemetry: an allowlisted, strictly validated event set and a local JSONL sink. */

export {
  type ExploreRunEvent,
  exploreRunEventSchema,
  type IndexMeasurementEvent,
  indexMeasurementEventSchema,
  type PrimaryTurnEvent,
  primaryTurnEventSchema,
  type TelemetryEvent,
  type TelemetryRecord,
  type TelemetrySurface,
  type ToolCallEvent,
  telemetryEventSchema,
  telemetrySurfaceSchema,
  toolCallEventSchema,
} from "./telemetry-events.js";
export {
  createJsonlTelemetrySink,
  createMemoryTelemetrySink,
  DISCARD_TELEMETRY,
  type JsonlTelemetrySinkOptions,
  readTelemetryFile,
  TELEMETRY_FILE_SUFFIX,
  type TelemetrySink,
  telemetryPathForStore,
  telemetrySinkForStorePath,
  validateTelemetryEvent,
} from "./telemetry-sink.js";
