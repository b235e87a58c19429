import { describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createMemoryTelemetrySink } from "../../telemetry/telemetry-sink.js";
import { createIndexer } from "./index.js";
import { drainAndMeasure, measureIndex } from "./index-measurement.js";

describe("index measurements", () => {
  it("records drain duration, rows drained, queue left and index bytes: numbers only", () => {
    using store = openStore({ path: ":memory:" });
    const { db } = store;
    db.prepare("INSERT INTO apps (id, name, created_at) VALUES (1, 'a', 0)").run();
    db.prepare(
      "INSERT INTO chats (id, app_id, title, created_at, source, external_id) VALUES (1, 1, 'Secret title', 0, 't', 'x')",
    ).run();
    const insert = db.prepare(
      "INSERT INTO messages (chat_id, role, content, created_at) VALUES (1, 'user', ?, 0)",
    );
    for (let i = 0; i < 30; i++) insert.run(`private message number ${i} about billing`);
    expect(measureIndex(db).dirtyQueueSize).toBe(30);
    const indexer = createIndexer({ store, pollIntervalMs: 0, batchSize: 10 });
    indexer.repair();
    let clock = 0;
    const telemetry = createMemoryTelemetrySink({ now: () => 0 });
    const event = drainAndMeasure({ db, indexer, telemetry, now: () => (clock += 7) });
    expect(event).toEqual({
      event: "index_measurement",
      drain_duration_ms: 7,
      drained_count: 30,
      dirty_queue_size: 0,
      index_size_bytes: event.index_size_bytes,
    });
    expect(event.index_size_bytes).toBeGreaterThan(0);
    expect(event.index_size_bytes % 4096).toBe(0);
    expect(telemetry.records).toEqual([{ at: "1970-01-01T00:00:00.000Z", ...event }]);
    expect(JSON.stringify(telemetry.records)).not.toMatch(/Secret|private|billing/);
  });
});
