/**
 * Splits a server-sent-events text buffer into complete `data:` payloads and the unfinished
 * remainder (frames end with a blank line). Pure; used by the browser and by tests.
 */
export function splitSseFrames(buffer: string): { payloads: string[]; rest: string } {
  const frames = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = frames.pop() ?? "";
  const payloads = frames
    .map((frame) =>
      frame
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5))
        .join("\n"),
    )
    .filter((payload) => payload !== "");
  return { payloads, rest };
}

/**
 * Yields each complete `data:` payload of a server-sent-events body as it arrives, in order (a
 * trailing unfinished frame is dropped). Leaving the loop early (`break`/`return` in `for await`,
 * or a throw) cancels the body, so nothing more is read even if the server is still sending.
 * Uses only web-standard streams, so the browser and tests share it.
 */
export async function* ssePayloads(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let ended = false;
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      buffer += value;
      const { payloads, rest } = splitSseFrames(buffer);
      buffer = rest;
      yield* payloads;
    }
  } finally {
    // A failed cancel (already errored or closed) leaves nothing to release, so it is not an error.
    if (!ended) await reader.cancel().catch(() => undefined);
  }
}
