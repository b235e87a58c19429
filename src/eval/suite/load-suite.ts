import { readFileSync } from "node:fs";
import { ImportFormatError, InvalidInputError } from "../../errors/recollect-error.js";
import { type EvalSuite, evalSuiteSchema } from "./suite-schema.js";

/**
 * Parses suite JSON text. The first (at most 5) schema issues are named by JSON path.
 *
 * @throws ImportFormatError when the text is not JSON or does not match the suite format.
 */
export function parseSuite(text: string, file = "suite"): EvalSuite {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ImportFormatError(file, undefined, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = evalSuiteSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new ImportFormatError(file, undefined, `not a valid eval suite: ${issues}`);
  }
  return parsed.data;
}

/**
 * Reads and validates a suite file.
 *
 * @throws InvalidInputError (`--suite`) when the file cannot be read; ImportFormatError when it is
 * not a valid suite.
 */
export function loadSuite(path: string): EvalSuite {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InvalidInputError(
      "--suite",
      "a readable suite JSON file",
      `${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`,
    );
  }
  return parseSuite(text, path);
}
