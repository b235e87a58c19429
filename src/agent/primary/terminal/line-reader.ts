import { createInterface, type Interface } from "node:readline";

/**
 * Reads lines one at a time from a stream (a TTY or a pipe) without losing lines that arrive
 * while nobody is waiting: they queue until asked for. One reader owns the input, so the chat loop
 * and the consent prompt never compete for stdin.
 */
export interface LineReader extends Disposable {
  /** The next line, or null once the input has ended (or the signal fired while waiting). */
  next(signal?: AbortSignal): Promise<string | null>;
  /** Runs `handler` on Ctrl-C (TTY only; readline turns ^C into this event). */
  onInterrupt(handler: () => void): void;
  close(): void;
}

/** Builds a {@link LineReader} over `input`; `terminal` enables line editing and Ctrl-C events. */
export function createLineReader(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  terminal: boolean,
): LineReader {
  const readline: Interface = createInterface({ input, output, terminal });
  const queued: string[] = [];
  let waiter: ((line: string | null) => void) | null = null;
  let ended = false;
  readline.on("line", (line) => {
    if (waiter) {
      const resolve = waiter;
      waiter = null;
      resolve(line);
    } else queued.push(line);
  });
  readline.on("close", () => {
    ended = true;
    const resolve = waiter;
    waiter = null;
    resolve?.(null);
  });
  const close = () => readline.close();
  return {
    next(signal) {
      const line = queued.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended || signal?.aborted) return Promise.resolve(null);
      return new Promise((resolve) => {
        const onAbort = () => {
          waiter = null;
          resolve(null);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        waiter = (value) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(value);
        };
      });
    },
    onInterrupt(handler) {
      readline.on("SIGINT", handler);
    },
    close,
    [Symbol.dispose]: close,
  };
}
