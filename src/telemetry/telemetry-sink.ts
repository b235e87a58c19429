import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { InvalidInputError, RecollectError } from "../errors/recollect-error.js";
import { storeCompanionPath } from "../store/companion-path.js";
import {
  type TelemetryEvent,
  type TelemetryRecord,
  telemetryEventSchema,
} from "./telemetry-events.js";

/** Suffix of the telemetry file beside each store database. */
export const TELEMETRY_FILE_SUFFIX = ".telemetry.jsonl";

/**
 * Records allowlisted events. `record` validates against the strict schema first, so nothing
 * outside the allowlist is ever written, whatever the caller's types said.
 */
export interface TelemetrySink {
  /**
   * Records `event` (stamped with the time) when telemetry is on; does nothing when off.
   * @throws InvalidInputError (`telemetry event`) when `event` is not in the allowlist; nothing written.
   */
  record(event: TelemetryEvent): void;
}

/** Validates `event` strictly; the error names only the failing key, never a value. */
export function validateTelemetryEvent(event: unknown): TelemetryEvent {
  const parsed = telemetryEventSchema.safeParse(event);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "event";
    throw new InvalidInputError("telemetry event", "an allowlisted event", `rejected at ${where}`);
  }
  return parsed.data;
}

/** Options for {@link createJsonlTelemetrySink}. */
export interface JsonlTelemetrySinkOptions {
  /** The JSONL file; parent folders are created on first write. */
  readonly path: string;
  /** Read on every record, so `recollect settings set telemetry off` applies at once. */
  readonly enabled: () => boolean;
  /** Clock in ms since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/** A sink appending one JSON object per line to a local file. Never sends anything anywhere. */
export function createJsonlTelemetrySink(options: JsonlTelemetrySinkOptions): TelemetrySink {
  const now = options.now ?? Date.now;
  return {
    record(event) {
      const valid = validateTelemetryEvent(event);
      if (!options.enabled()) return;
      const line = JSON.stringify({ at: new Date(now()).toISOString(), ...valid });
      try {
        mkdirSync(dirname(options.path), { recursive: true });
        appendFileSync(options.path, `${line}\n`, { encoding: "utf8", mode: 0o600 });
      } catch (error) {
        throw new RecollectError("internal", `Cannot write telemetry to ${options.path}.`, {
          cause: error,
        });
      }
    },
  };
}

/** A sink keeping records in memory (tests, and hosts that forward them). */
export function createMemoryTelemetrySink(
  options: { readonly now?: () => number; readonly enabled?: () => boolean } = {},
): TelemetrySink & { readonly records: readonly TelemetryRecord[] } {
  const now = options.now ?? Date.now;
  const records: TelemetryRecord[] = [];
  return {
    records,
    record(event) {
      const valid = validateTelemetryEvent(event);
      if (options.enabled && !options.enabled()) return;
      records.push({ at: new Date(now()).toISOString(), ...valid });
    },
  };
}

/** A sink that validates and drops (telemetry wired but not wanted). */
export const DISCARD_TELEMETRY: TelemetrySink = {
  record(event) {
    validateTelemetryEvent(event);
  },
};

/**
 * The telemetry file beside the store at `storePath` (`recollect.db` → `recollect.telemetry.jsonl`),
 * so stores sharing a folder never share telemetry; null for `":memory:"`.
 */
export function telemetryPathForStore(storePath: string): string | null {
  if (storePath === ":memory:") return null;
  return storeCompanionPath(storePath, TELEMETRY_FILE_SUFFIX);
}

const lineSchema = z.looseObject({ at: z.iso.datetime() });

/**
 * Reads a JSONL telemetry file back, validating every line (for tests and `settings` tooling).
 * Lines that fail validation are skipped and counted.
 */
export function readTelemetryFile(path: string): {
  readonly records: TelemetryRecord[];
  readonly invalidLines: number;
} {
  const records: TelemetryRecord[] = [];
  let invalidLines = 0;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      invalidLines++;
      continue;
    }
    const stamped = lineSchema.safeParse(value);
    if (!stamped.success) {
      invalidLines++;
      continue;
    }
    const { at, ...event } = stamped.data;
    const parsed = telemetryEventSchema.safeParse(event);
    if (parsed.success) records.push({ at, ...parsed.data });
    else invalidLines++;
  }
  return { records, invalidLines };
}

/**
 * The CLI/server sink for the store at `storePath`: the JSONL file beside it, consulting
 * `enabled()` on every record (the settings opt-out); discards for `":memory:"` stores.
 */
export function telemetrySinkForStorePath(
  storePath: string,
  enabled: () => boolean,
): TelemetrySink {
  const path = telemetryPathForStore(storePath);
  return path ? createJsonlTelemetrySink({ path, enabled }) : DISCARD_TELEMETRY;
}
