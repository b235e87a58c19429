import { describe, expect, it } from "vitest";
import { ssePayloads } from "./sse-frames.js";

/** A body that sends `chunks` in order and records whether it was cancelled. */
function body(chunks: readonly string[]) {
  const state = { cancelled: false, pulled: 0 };
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      const chunk = chunks[state.pulled];
      state.pulled += 1;
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("ssePayloads", () => {
  it("yields frames split across chunks in order and drops an unfinished tail", async () => {
    const { stream, state } = body(['data: {"a":', "1}\n\ndata: two\r\n\r\n", "data: tail"]);
    const seen: string[] = [];
    for await (const payload of ssePayloads(stream)) seen.push(payload);
    expect(seen).toEqual(['{"a":1}', "two"]);
    expect(state.cancelled).toBe(false);
  });

  it("cancels the body when the reader stops early", async () => {
    const { stream, state } = body(["data: one\n\n", "data: two\n\n", "data: three\n\n"]);
    const seen: string[] = [];
    for await (const payload of ssePayloads(stream)) {
      seen.push(payload);
      break;
    }
    expect(seen).toEqual(["one"]);
    expect(state.cancelled).toBe(true);
  });
});
