/**
 * Whole-file JSON reading shared by the formats whose file is one JSON document (ChatGPT export,
 * Gemini CLI session, Cline/Roo task files, OpenCode storage): a file that is not JSON throws an
 * {@link ImportFormatError} naming the file and, when the parser says where it stopped, the line.
 * The parser's own message is never passed on: it quotes the file's text.
 */
import type { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";

/**
 * Parses `text` as one JSON document.
 *
 * @throws ImportFormatError (`file[:line]`) when it is not valid JSON; the line is the one where
 *   parsing stopped when the engine reports a position, the last line for a cut-off document.
 */
export function readJsonDocument(path: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    const position = /at position (\d+)/.exec(message)?.[1];
    const line =
      position !== undefined
        ? lineAt(text, Number(position))
        : message.startsWith("Unexpected end")
          ? lineAt(text, text.length)
          : undefined;
    throw new ImportFormatError(path, line, "not valid JSON (truncated or corrupt file)");
  }
}

/** The 1-based line holding character `offset` of `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line += 1;
  }
  return line;
}

/**
 * A zod failure as `unexpected shape at <path>: <message>` (the first issue only; the path names
 * array indexes and keys, never values).
 */
export function shapeProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join(".")}` : "";
  return `unexpected shape${where}: ${issue?.message ?? "invalid"}`;
}
