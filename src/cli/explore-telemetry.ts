/**
 * Telemetry for the explorer runs the CLI starts itself (`recollect explore`, `recollect demo`),
 * as the MCP server, the web app and the terminal chat record theirs (plan § Consent and Privacy):
 * one `explore_run` event with surface `cli` in the JSONL file beside the store.
 */

import { recordExploreRunTelemetry } from "../agent/primary/tool-telemetry.js";
import type { ExplorerRun } from "../agent/tools/explore-chat-history/run-explorer.js";
import { toRecollectError } from "../errors/recollect-error.js";
import { isTelemetryOn, settingsStoreForStorePath } from "../settings/index.js";
import type { Store } from "../store/open-store.js";
import { telemetrySinkForStorePath } from "../telemetry/index.js";

/**
 * Runs `run` (one explorer run on `store`) and records its `explore_run` event: duration, steps,
 * search/read counts, observation bytes, counts of evidence, findings and conflicts, index
 * status, confidence, truncation and outcome from the run's stats — never the question, the
 * report's text, ids, titles or excerpts (the strict schema of `telemetry-events.ts` has no field
 * that could hold them). A run that throws is recorded as `failed` (`cancelled` when aborted) with
 * its error's kind only, then the error is rethrown; nothing is recorded when telemetry is off
 * (`settings set telemetry off`) or the store is in memory or read-only (its telemetry file could
 * not be written there). A telemetry file that cannot be written never fails the command: the run
 * and its report stand. `now` is milliseconds since the epoch (default `Date.now`).
 */
export async function exploreWithTelemetry<T extends ExplorerRun>(
  store: Pick<Store, "path" | "writable">,
  run: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const settings = settingsStoreForStorePath(store.path);
  const sink = store.writable
    ? telemetrySinkForStorePath(store.path, () => isTelemetryOn(settings.read()))
    : null;
  const record = (output: unknown, error: unknown) => {
    if (sink === null) return;
    try {
      recordExploreRunTelemetry(sink, {
        durationMs: now() - started,
        output,
        error: error === null ? null : toRecollectError(error),
        surface: "cli",
      });
    } catch {
      // Best effort: an unwritable telemetry file (a full disk) must not turn a report into a failure.
    }
  };
  const started = now();
  let result: T;
  try {
    result = await run();
  } catch (error) {
    record(null, error);
    throw error;
  }
  record(result, null);
  return result;
}
