import { describe, expect, it } from "vitest";
import type { StopSignal } from "./exit-codes.js";
import { listenForStopSignals } from "./stop-signals.js";

/** Delivers `signal` to this process's listeners, as the kernel's signal would. */
const deliver = (signal: StopSignal) => process.emit(signal, signal);

describe("listenForStopSignals", () => {
  it("ends a run nobody handles at the first signal", () => {
    const exits: StopSignal[] = [];
    using stops = listenForStopSignals({ exit: (signal) => exits.push(signal) });
    deliver("SIGTERM");
    expect([exits, stops.received(), stops.signal.aborted]).toEqual([["SIGTERM"], null, false]);
  });

  it("lets a handling command stop itself on the first, and ends the run on the second", async () => {
    const exits: StopSignal[] = [];
    using stops = listenForStopSignals({ exit: (signal) => exits.push(signal) });
    stops.handle();
    deliver("SIGINT");
    expect([await stops.stopped, stops.received(), stops.signal.aborted, exits]).toEqual([
      "SIGINT",
      "SIGINT",
      true,
      [],
    ]);
    deliver("SIGTERM");
    expect(exits).toEqual(["SIGINT"]);
  });

  it("stops listening once disposed", () => {
    const exits: StopSignal[] = [];
    const before = process.listenerCount("SIGINT");
    {
      using _stops = listenForStopSignals({ exit: (signal) => exits.push(signal) });
      expect(process.listenerCount("SIGINT")).toBe(before + 1);
    }
    expect(process.listenerCount("SIGINT")).toBe(before);
  });

  it("after the answer is complete, a first signal is no stop; a second still ends the run", () => {
    const exits: StopSignal[] = [];
    using stops = listenForStopSignals({ exit: (signal) => exits.push(signal) });
    stops.handle();
    stops.complete();
    deliver("SIGINT");
    expect([stops.received(), stops.signal.aborted, exits]).toEqual([null, false, []]);
    deliver("SIGTERM");
    expect([stops.received(), exits]).toEqual([null, ["SIGINT"]]);
  });

  it("a signal heard before the answer was complete still stops the run", () => {
    const exits: StopSignal[] = [];
    using stops = listenForStopSignals({ exit: (signal) => exits.push(signal) });
    stops.handle();
    deliver("SIGTERM");
    stops.complete();
    expect([stops.received(), stops.signal.aborted, exits]).toEqual(["SIGTERM", true, []]);
    deliver("SIGINT");
    expect(exits).toEqual(["SIGTERM"]);
  });
});
