import type { RecollectError } from "../errors/recollect-error.js";

/** The `--json` form of an error on stderr. `details` are the error's own typed fields. */
export interface ErrorJson {
  readonly error: {
    readonly kind: string;
    readonly message: string;
    readonly exit_code: number;
    /** E.g. `argument`/`allowed` (invalid input), `path` (not a store), `file`/`line` (import). */
    readonly [field: string]: string | number | boolean | null;
  };
}

/** Fields every error has, or that never go out (`cause` may hold a library's raw error). */
const OMITTED = new Set(["kind", "message", "name", "stack", "cause"]);

/**
 * The JSON object for `error` under `--json`: kind, message, exit code, plus each own field of
 * the error class that is a string, number, boolean or null (e.g. `InvalidInputError.argument`),
 * in snake_case. Never the cause or stack.
 */
export function errorJson(error: RecollectError, exitCode: number): ErrorJson {
  const details: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (OMITTED.has(key)) continue;
    const isScalar = value === null || ["string", "number", "boolean"].includes(typeof value);
    if (!isScalar) continue;
    details[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value as
      | string
      | number
      | boolean
      | null;
  }
  return { error: { kind: error.kind, message: error.message, exit_code: exitCode, ...details } };
}
