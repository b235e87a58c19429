/**
 * JSON Lines reading shared by the Claude Code, Codex and generic formats: every non-blank line
 * must be one JSON value; the caller validates its shape with a zod schema. A bad line throws an
 * {@link ImportFormatError} naming the file and the 1-based line, so nothing of the file is written.
 */
import type { z } from "zod";
import { type ImportFieldProblem, ImportFormatError } from "../../errors/recollect-error.js";

/**
 * Longest JSON Lines line read, bytes (as UTF-8). Real lines reach megabytes (a Claude Code
 * tool result holding a base64 screenshot, a pasted log), so the bound is far above them; it
 * keeps one corrupt "line" (a file with no newline) from being parsed as a single value of
 * hundreds of MB. A longer line rejects its file naming the line and this bound.
 */
export const MAX_JSON_LINE_BYTES = 64 * 1024 * 1024;

/** {@link MAX_JSON_LINE_BYTES} as errors say it. */
export const MAX_JSON_LINE_LABEL = "64 MiB";

/** The reason a line over {@link MAX_JSON_LINE_BYTES} is rejected (after `file:line: `). */
export const LINE_TOO_LONG_REASON = `the line is longer than ${MAX_JSON_LINE_LABEL}, the most a JSON Lines line may hold`;

/** One parsed line: its 1-based number and validated value. */
export interface JsonLine<T> {
  readonly lineNumber: number;
  readonly value: T;
}

/**
 * What a format says of a line whose JSON does not match its schema: the reason (after
 * `file:line: `) and, when one field was wrong, that field and what it may hold.
 */
export interface LineShapeProblem {
  readonly reason: string;
  readonly problem?: ImportFieldProblem;
}

/**
 * Explains the first schema issue of a line's JSON `record`; a format that names its fields
 * passes one to {@link readJsonLines}.
 */
export type ExplainLineShape = (issue: z.core.$ZodIssue, record: unknown) => LineShapeProblem;

/** The default explanation: zod's issue, with its path. */
const zodIssueReason: ExplainLineShape = (issue) => {
  const where = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  return { reason: `unexpected record shape${where}: ${issue.message}` };
};

/** Parses JSON text, returning `undefined` instead of throwing when it is not JSON. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Parses every non-blank line of `text` with `schema`.
 *
 * @throws ImportFormatError (`file:line`) on a line that is not JSON, is longer than
 *   {@link MAX_JSON_LINE_BYTES}, or does not match `schema` (its first issue as `explain` words it,
 *   with the field named; default: zod's message).
 */
export function readJsonLines<S extends z.ZodType>(
  path: string,
  text: string,
  schema: S,
  explain: ExplainLineShape = zodIssueReason,
): JsonLine<z.infer<S>>[] {
  const result: JsonLine<z.infer<S>>[] = [];
  // Walk line by line without `split`: exports reach hundreds of MB and a second copy of every
  // line would double the peak memory.
  let start = 0;
  for (let lineNumber = 1; start <= text.length; lineNumber++) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === "") continue;
    // A UTF-16 code unit is at most 3 UTF-8 bytes: only a line that may be over is measured.
    if (line.length * 3 > MAX_JSON_LINE_BYTES && Buffer.byteLength(line) > MAX_JSON_LINE_BYTES) {
      throw new ImportFormatError(path, lineNumber, LINE_TOO_LONG_REASON);
    }
    const json = tryParseJson(line);
    if (json === undefined) {
      throw new ImportFormatError(path, lineNumber, "not valid JSON (truncated or corrupt line)");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const { reason, problem } = issue
        ? explain(issue, json)
        : { reason: "unexpected record shape", problem: undefined };
      throw new ImportFormatError(path, lineNumber, reason, problem);
    }
    result.push({ lineNumber, value: parsed.data });
  }
  return result;
}

/**
 * `rest`, what follows a JSON Lines file's last newline, ends the file as written: nothing, or a
 * last line that simply lacks its newline. A line that does not parse is still being written.
 */
function finished(rest: string): boolean {
  return rest.trim() === "" || tryParseJson(rest) !== undefined;
}

/**
 * The complete JSON Lines in `bytes`: everything up to and including the last newline, plus a
 * final unterminated line when it parses as JSON (a file that simply lacks the last newline). A
 * final line that does not parse is being written (an append-only log of a session still
 * running): it is left out, `consumed` stops before it and `torn` is true. UTF-8 bytes (sync
 * resumes an append at a byte offset).
 */
export function completeJsonLines(bytes: Buffer): {
  readonly bytes: Buffer;
  readonly consumed: number;
  readonly torn: boolean;
} {
  const lastNewline = bytes.lastIndexOf(0x0a);
  if (finished(bytes.subarray(lastNewline + 1).toString("utf8"))) {
    return { bytes, consumed: bytes.length, torn: false };
  }
  const complete = bytes.subarray(0, lastNewline + 1);
  return { bytes: complete, consumed: complete.length, torn: true };
}

/**
 * {@link completeJsonLines} over decoded `text` (any encoding the file was read in): the complete
 * lines, and the 1-based number of the cut last line left out (null when there is none).
 */
export function completeJsonLinesText(text: string): {
  readonly text: string;
  readonly tornLine: number | null;
} {
  const lastNewline = text.lastIndexOf("\n");
  if (finished(text.slice(lastNewline + 1))) return { text, tornLine: null };
  // Counted without `split`: a log reaches hundreds of MB (as in `readJsonLines`).
  let tornLine = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) {
    tornLine++;
  }
  return { text: text.slice(0, lastNewline + 1), tornLine };
}
