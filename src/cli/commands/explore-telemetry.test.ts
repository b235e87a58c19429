/**
 * `recollect explore` and `recollect demo` record their explorer run as the other surfaces do
 * (plan § Consent and Privacy): one `explore_run` event, surface `cli`, in the telemetry file
 * beside the store — counts, statuses and the outcome, never the question, the app, titles, ids or
 * excerpts — and nothing when telemetry is off.
 */
import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../../card/report-schema.js";
import { DEMO_CHATS, seedDemoHistory } from "../../demo/index.js";
import { openStore } from "../../store/open-store.js";
import { readTelemetryFile, telemetryPathForStore } from "../../telemetry/index.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const QUESTION = "What did we decide about authentication?";
const stores = createTempStores();
let db = "";
let telemetryPath = "";
const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);

beforeEach(async () => {
  db = stores.path();
  telemetryPath = telemetryPathForStore(db) ?? "";
  {
    using store = openStore({ path: db });
    seedDemoHistory(store);
  }
  expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
});
afterEach(() => stores.cleanup());

/** Every piece of archival or typed text that must never reach the telemetry file. */
function forbiddenTexts(reportJson: string): string[] {
  const report = exploreChatHistoryReportSchema.parse(JSON.parse(reportJson));
  const excerpts = report.findings.flatMap((finding) =>
    finding.evidence.map((target) => target.excerpt.slice(0, 40)),
  );
  const titles = DEMO_CHATS.map((chat) => chat.title).filter((title) => title.length > 0);
  return [QUESTION, "authentication", "Tasktide", ...titles, ...excerpts];
}

describe("telemetry of a CLI explorer run", () => {
  it("explore records one explore_run event with surface cli and counts only", async () => {
    const run = await recollect(["--json", "explore", QUESTION, "--app", "Tasktide"]);
    expect(run.code).toBe(0);
    const { records, invalidLines } = readTelemetryFile(telemetryPath);
    expect(invalidLines).toBe(0);
    expect(records).toHaveLength(1);
    const [record] = records;
    const report = JSON.parse(run.stdout);
    expect(record).toMatchObject({
      event: "explore_run",
      surface: "cli",
      outcome: report.outcome,
      confidence: report.confidence,
      index_status: report.index_status,
      fallback: false,
      finding_count: report.findings.length,
      conflict_count: report.conflicts.length,
    });
    expect(Object.keys(record ?? {}).sort()).toEqual(
      [
        "at",
        "event",
        "duration_ms",
        "steps",
        "search_count",
        "read_count",
        "observation_bytes",
        "evidence_count",
        "finding_count",
        "conflict_count",
        "index_status",
        "confidence",
        "truncated",
        "outcome",
        "fallback",
        "surface",
      ].sort(),
    );
    const raw = readFileSync(telemetryPath, "utf8");
    for (const text of forbiddenTexts(run.stdout)) expect(raw).not.toContain(text);
  });

  it("a run that fails is recorded as failed with its error kind only", async () => {
    const run = await recollect(["explore", QUESTION, "--app", "Nosuchapp"]);
    expect(run.code).toBe(3);
    const { records } = readTelemetryFile(telemetryPath);
    expect(records.map((record) => ({ ...record, at: undefined, duration_ms: undefined }))).toEqual(
      [
        {
          event: "explore_run",
          steps: 0,
          search_count: 0,
          read_count: 0,
          observation_bytes: 0,
          evidence_count: 0,
          finding_count: 0,
          conflict_count: 0,
          truncated: false,
          outcome: "failed",
          fallback: false,
          error_kind: "not_found",
          surface: "cli",
        },
      ],
    );
    expect(readFileSync(telemetryPath, "utf8")).not.toContain("Nosuchapp");
  });

  it("demo records its run the same way", async () => {
    const run = await recollect(["demo"]);
    expect(run.code).toBe(0);
    const { records } = readTelemetryFile(telemetryPath);
    expect(records.map((record) => [record.event, "surface" in record && record.surface])).toEqual([
      ["explore_run", "cli"],
    ]);
  });

  it("with telemetry off, nothing is written", async () => {
    expect((await recollect(["settings", "set", "telemetry", "off"])).code).toBe(0);
    expect((await recollect(["explore", QUESTION, "--app", "Tasktide"])).code).toBe(0);
    expect(existsSync(telemetryPath)).toBe(false);
  });
});
