import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RecollectError } from "../errors/recollect-error.js";
import type { ExploreRunEvent } from "./telemetry-events.js";
import {
  createJsonlTelemetrySink,
  createMemoryTelemetrySink,
  readTelemetryFile,
  telemetryPathForStore,
} from "./telemetry-sink.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-telemetry-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const run: ExploreRunEvent = {
  event: "explore_run",
  duration_ms: 1200,
  steps: 4,
  search_count: 3,
  read_count: 2,
  observation_bytes: 18_432,
  evidence_count: 5,
  finding_count: 2,
  conflict_count: 1,
  index_status: "ready",
  confidence: "medium",
  truncated: false,
  outcome: "complete",
  fallback: false,
};

describe("telemetry sink", () => {
  it("appends one stamped JSON line per event beside the store", () => {
    const path = telemetryPathForStore(join(tempDir(), "recollect.db"));
    expect(path?.endsWith("/recollect.db.telemetry.jsonl")).toBe(true);
    const sink = createJsonlTelemetrySink({ path: path!, enabled: () => true, now: () => 0 });
    sink.record(run);
    sink.record({
      event: "index_measurement",
      drain_duration_ms: 35,
      drained_count: 500,
      dirty_queue_size: 0,
      index_size_bytes: 409_600,
    });
    expect(readFileSync(path!, "utf8").split("\n")[0]).toBe(
      `{"at":"1970-01-01T00:00:00.000Z","event":"explore_run","duration_ms":1200,"steps":4,"search_count":3,"read_count":2,"observation_bytes":18432,"evidence_count":5,"finding_count":2,"conflict_count":1,"index_status":"ready","confidence":"medium","truncated":false,"outcome":"complete","fallback":false}`,
    );
    expect(readTelemetryFile(path!)).toEqual({
      records: [
        { at: "1970-01-01T00:00:00.000Z", ...run },
        {
          at: "1970-01-01T00:00:00.000Z",
          event: "index_measurement",
          drain_duration_ms: 35,
          drained_count: 500,
          dirty_queue_size: 0,
          index_size_bytes: 409_600,
        },
      ],
      invalidLines: 0,
    });
  });

  it("writes nothing when telemetry is off (opt-out)", () => {
    const path = join(tempDir(), "telemetry.jsonl");
    const sink = createJsonlTelemetrySink({ path, enabled: () => false });
    sink.record(run);
    expect(() => readFileSync(path)).toThrow(/ENOENT/);
  });

  it("rejects any field outside the allowlist, and free text in an enum field, writing nothing", () => {
    const sink = createMemoryTelemetrySink({ now: () => 0 });
    const withQuery = { ...run, query: "what did we decide about auth" };
    const withTitle = { ...run, outcome: "Auth decisions chat" };
    const withId = { ...run, chat_id: 12 };
    for (const bad of [withQuery, withTitle, withId]) {
      try {
        // @ts-expect-error: deliberately outside the allowlist
        sink.record(bad);
        expect.unreachable();
      } catch (error) {
        expect(RecollectError.isInstance(error) && error.kind).toBe("invalid_input");
        expect((error as Error).message).not.toContain("auth");
        expect((error as Error).message).not.toContain("Auth");
      }
    }
    expect(sink.records).toEqual([]);
  });

  it("rejects negative or fractional counts", () => {
    const sink = createMemoryTelemetrySink();
    expect(() => sink.record({ ...run, steps: -1 })).toThrow("Invalid telemetry event");
    expect(() => sink.record({ ...run, observation_bytes: 1.5 })).toThrow(
      "Invalid telemetry event",
    );
  });
});
