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
