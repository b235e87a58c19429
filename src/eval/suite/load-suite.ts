import { readFileSync } from "node:fs";
import type { z } from "zod";
import { ImportFormatError, InvalidInputError } from "../../errors/recollect-error.js";
import { type EvalSuite, evalSuiteSchema } from "./suite-schema.js";

/** The first (at most 5) schema issues of `error`, each as `json.path: message`, joined by "; ". */
export function schemaIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

/**
 * `value` checked against `schema`; `what` names the format in the error ("eval suite").
 *
 * @throws ImportFormatError naming `file` and the first (at most 5) schema issues by JSON path.
 */
export function validated<T>(schema: z.ZodType<T>, value: unknown, file: string, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ImportFormatError(
      file,
      undefined,
      `not a valid ${what}: ${schemaIssues(parsed.error)}`,
    );
  return parsed.data;
}

/**
 * Parses suite JSON text. The first (at most 5) schema issues are named by JSON path.
 *
 * @throws ImportFormatError when the text is not JSON or does not match the suite format.
 */
export function parseSuite(text: string, file = "suite"): EvalSuite {
  return validated(evalSuiteSchema, parseJson(text, file), file, "eval suite");
}

/** `text` as JSON. @throws ImportFormatError naming `file` when it is not JSON. */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportFormatError(file, undefined, `not valid JSON (${(error as Error).message})`);
  }
}

/**
 * The text of the file a CLI flag named.
 *
 * @throws InvalidInputError (`flag`, "a readable `what` JSON file") when it cannot be read.
 */
export function readFlagFile(path: string, flag: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new InvalidInputError(
      flag,
      `a readable ${what} JSON file`,
      `${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`,
    );
  }
}

/**
 * Reads and validates a suite file.
 *
 * @throws InvalidInputError (`--suite`) when the file cannot be read; ImportFormatError when it is
 * not a valid suite.
 */
export function loadSuite(path: string): EvalSuite {
  return parseSuite(readFlagFile(path, "--suite", "suite"), path);
}
