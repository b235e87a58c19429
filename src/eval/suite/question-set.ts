/**
 * A question set: annotated questions kept apart from the histories they ask about, so a dev set
 * can grow inside this repository while its chats stay in the shared data folder (never copied
 * here). `recollect eval --suite FILE --questions SET` runs the set's questions over the suite's
 * apps and chats instead of the suite's own questions.
 *
 * File shape: `{ "version": 1, "name": string, "suite": string, "description"?: string,
 * "questions": [...] }`, where `suite` is the `name` of the suite whose histories the questions
 * cite (so a set is never scored against other chats that happen to share keys) and each question
 * has the suite question format (docs/EVAL.md), every reference checked against those histories.
 */
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { parseJson, readFlagFile, validated } from "./load-suite.js";
import { type EvalSuite, evalSuiteSchema } from "./suite-schema.js";

const questionSetShape = z.object({
  version: z.literal(1),
  name: z.string().min(1).max(200),
  suite: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  questions: z.array(z.unknown()).min(1),
});

/**
 * The suite at `suitePath` with its questions replaced by those of the question set at
 * `questionsPath` (named after the set). The questions are validated as suite questions against
 * the suite's apps and chats; a schema issue is named by its JSON path in the merged suite
 * (`questions.3.gold_evidence.0.chat: …`).
 *
 * @throws InvalidInputError (`--suite` / `--questions`) when a file cannot be read;
 * ImportFormatError when either is not valid JSON, the set does not have the shape above, names
 * another suite than the file holds, or a question is invalid for that suite.
 */
export function loadSuiteWithQuestions(suitePath: string, questionsPath: string): EvalSuite {
  const suite = parseJson(readFlagFile(suitePath, "--suite", "suite"), suitePath);
  const setText = readFlagFile(questionsPath, "--questions", "question set");
  const set = validated(
    questionSetShape,
    parseJson(setText, questionsPath),
    questionsPath,
    "question set",
  );
  const suiteName = (suite as { name?: unknown } | null)?.name;
  if (suiteName !== set.suite)
    throw new ImportFormatError(
      questionsPath,
      undefined,
      `the questions are for suite "${set.suite}", but ${suitePath} holds ${typeof suiteName === "string" ? `"${suiteName}"` : "no named suite"}`,
    );
  const merged = {
    ...(suite as object),
    name: set.name,
    ...(set.description !== undefined ? { description: set.description } : {}),
    questions: set.questions,
  };
  return validated(evalSuiteSchema, merged, `${questionsPath} (over ${suitePath})`, "eval suite");
}
