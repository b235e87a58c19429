import type { RecollectError } from "../errors/recollect-error.js";
import { messageWithRemedies, type RemedyWriter } from "../errors/remedy.js";

/** The `--json` form of an error on stderr. `details` are the error's own typed fields. */
export interface ErrorJson {
  readonly error: {
    readonly kind: string;
    readonly message: string;
    readonly exit_code: number;
    /** The commands the error suggests, as the person runs them; absent when there are none. */
    readonly remedies?: readonly string[];
    /** E.g. `argument`/`allowed` (invalid input), `path` (not a store), `file`/`line` (import). */
    readonly [field: string]: string | number | boolean | null | readonly string[] | undefined;
  };
}

/** Fields every error has, or that never go out (`cause` may hold a library's raw error). */
const OMITTED = new Set(["kind", "message", "name", "stack", "cause", "remedies"]);

/**
 * The JSON object for `error` under `--json`: kind, message, exit code, plus each own field of
 * the error class that is a string, number, boolean, null or a list of strings (e.g.
 * `InvalidInputError.argument`, `AppNotFoundError.suggestions`), in snake_case. Never the cause or stack. Its remedies, written by `write`, follow the message
 * and are listed in `remedies`.
 */
export function errorJson(error: RecollectError, exitCode: number, write: RemedyWriter): ErrorJson {
  const details: Record<string, string | number | boolean | null | readonly string[]> = {};
  for (const [key, value] of Object.entries(error)) {
    if (OMITTED.has(key)) continue;
    const isScalar = value === null || ["string", "number", "boolean"].includes(typeof value);
    const isNames = Array.isArray(value) && value.every((item) => typeof item === "string");
    if (!isScalar && !isNames) continue;
    details[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value as
      | string
      | number
      | boolean
      | null
      | readonly string[];
  }
  const remedies = error.remedies.length > 0 ? { remedies: error.remedies.map(write) } : {};
  const message = messageWithRemedies(error, write);
  return { error: { kind: error.kind, message, exit_code: exitCode, ...details, ...remedies } };
}
