/**
 * The line protocol between the concurrency check and its child processes: one JSON object per
 * stdout line. Children write with {@link writeEvent}; the parent parses with
 * {@link childEventSchema} (outside input: a child may die mid-line).
 */
import { z } from "zod";
import { RecollectError } from "../../src/errors/recollect-error.js";

/** Every event a child reports. */
export const childEventSchema = z.discriminatedUnion("type", [
  /** Loaded and waiting for the start line (`start-signal.ts`). */
  z.object({ type: z.literal("ready") }),
  /** A writer's import committed and drained: the chat whose `external_id` is `key`, with `messages` messages. */
  z.object({ type: z.literal("ack"), key: z.string(), messages: z.number().int() }),
  /** A reader's operation succeeded. */
  z.object({ type: z.literal("read"), operation: z.enum(["search", "read"]) }),
  /** Any failure: `kind` is the RecollectError kind, or `unclassified` for anything else. */
  z.object({
    type: z.literal("error"),
    role: z.enum(["writer", "reader"]),
    kind: z.string(),
    name: z.string(),
    message: z.string(),
    /** The innermost production frame of the stack (`src/…:line`), to locate the failure. */
    at: z.string(),
  }),
]);
export type ChildEvent = z.infer<typeof childEventSchema>;

/** Writes one event line to stdout. */
export function writeEvent(event: ChildEvent): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

/** The error event for `error` (message cut to 300 chars; it never holds archival text). */
export function errorEvent(role: "writer" | "reader", error: unknown): ChildEvent {
  const kind = RecollectError.isInstance(error) ? error.kind : "unclassified";
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const at = /\((?:[^()]*\/)?(src\/[^()]+)\)/.exec(stack)?.[1] ?? "unknown";
  return { type: "error", role, kind, name, message: message.slice(0, 300), at };
}
