/**
 * A tool call's `arguments` checked against the tool's own zod input schema (issue 10 § Build 9):
 * a failure names the argument, what it accepts — read from the same JSON Schema the client got in
 * `tools/list`, so the bounds are the schema's, never restated — and what kind of value arrived.
 */

import type { z } from "zod";
import { InvalidInputError, textTooLongDetail } from "../errors/recollect-error.js";
import { characterCount } from "../text/character-count.js";
import { jsonSchemaOf } from "./tool-descriptors.js";
import { toolInputSchema } from "./tool-input-schema.js";
import { UnknownToolArgumentsError } from "./unknown-tool-arguments-error.js";

/**
 * What one argument accepts: its JSON Schema type and bounds (inclusive; an exclusive integer
 * bound is turned into the inclusive one), and whether the call must carry it.
 */
export interface ArgumentExpectation {
  /** JSON Schema type: `string`, `integer`, `number`, `boolean`, `object`, `array`. */
  readonly type: string;
  readonly required: boolean;
  /** String length bounds, characters. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Numeric bounds, inclusive. */
  readonly minimum?: number;
  readonly maximum?: number;
  /** The allowed values, when the schema lists them. */
  readonly enum?: readonly unknown[];
}

/** The kind of value that arrived: a JSON type name, or `missing` when the argument was absent. */
export type ReceivedKind =
  | "missing"
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "null"
  | "array"
  | "object";

/** The length of a string argument over its bound, and that bound, both in characters. */
export interface TooLongText {
  readonly length: number;
  readonly limit: number;
}

/**
 * A malformed tool argument, with what it accepts as data (`expected`) and what arrived; a string
 * over its bound also says how long it was (`tooLong`, and the message: `got 501 characters; the
 * limit is 500`, the CLI's wording).
 */
export class InvalidToolArgumentError extends InvalidInputError {
  readonly expected: ArgumentExpectation;
  readonly received: ReceivedKind;
  /** Set when a string was longer than its bound (after the schema's trimming). */
  readonly tooLong: TooLongText | undefined;
  constructor(
    argument: string,
    expected: ArgumentExpectation,
    received: ReceivedKind,
    problem: ArgumentProblem,
    /** What a schema's own refinement says was wrong (`got only control … characters`), if any. */
    refinement?: string,
    tooLong?: TooLongText,
  ) {
    super(
      argument,
      describeExpectation(expected),
      refinement ??
        (tooLong
          ? textTooLongDetail(tooLong.length, tooLong.limit)
          : problemText(problem, received)),
    );
    this.name = "InvalidToolArgumentError";
    this.expected = expected;
    this.received = received;
    this.tooLong = tooLong;
  }
}

interface ObjectSchema {
  readonly properties?: Record<string, Record<string, unknown>>;
  readonly required?: readonly string[];
}

const objectSchemas = new WeakMap<z.ZodType, ObjectSchema>();

/** The input JSON Schema of `schema`, converted once per schema. */
function objectSchemaOf(schema: z.ZodType): ObjectSchema {
  let json = objectSchemas.get(schema);
  if (json === undefined) {
    json = jsonSchemaOf(schema, "input") as ObjectSchema;
    objectSchemas.set(schema, json);
  }
  return json;
}

const numberOr = (value: unknown): number | undefined =>
  typeof value === "number" ? value : undefined;

/** What the property `name` of `json` accepts; the whole arguments object when `name` is null. */
function expectationOf(json: ObjectSchema, name: string | null): ArgumentExpectation {
  if (name === null) return { type: "object", required: true };
  const property = json.properties?.[name] ?? {};
  const type = typeof property.type === "string" ? property.type : "value";
  const integer = type === "integer";
  const exclusiveMin = numberOr(property.exclusiveMinimum);
  const exclusiveMax = numberOr(property.exclusiveMaximum);
  const minimum =
    numberOr(property.minimum) ??
    (integer && exclusiveMin !== undefined ? exclusiveMin + 1 : exclusiveMin);
  let maximum =
    numberOr(property.maximum) ??
    (integer && exclusiveMax !== undefined ? exclusiveMax - 1 : exclusiveMax);
  // zod's `.int()` adds the safe-integer ceiling: not a bound a caller needs to hear about.
  if (maximum === Number.MAX_SAFE_INTEGER) maximum = undefined;
  return {
    type,
    required: json.required?.includes(name) ?? false,
    ...(numberOr(property.minLength) !== undefined
      ? { minLength: property.minLength as number }
      : {}),
    ...(numberOr(property.maxLength) !== undefined
      ? { maxLength: property.maxLength as number }
      : {}),
    ...(minimum !== undefined ? { minimum } : {}),
    ...(maximum !== undefined ? { maximum } : {}),
    ...(Array.isArray(property.enum) ? { enum: property.enum } : {}),
  };
}

function rangeText(low: number | undefined, high: number | undefined, unit: string): string {
  if (low !== undefined && high !== undefined) return `${low}–${high}${unit}`;
  if (low !== undefined) return `at least ${low}${unit}`;
  if (high !== undefined) return `at most ${high}${unit}`;
  return "";
}

/** E.g. "a string of 1–500 characters, required"; "an integer from 1 to 20, optional". */
export function describeExpectation(expected: ArgumentExpectation): string {
  const presence = expected.required ? "required" : "optional";
  if (expected.enum)
    return `one of ${expected.enum.map((v) => JSON.stringify(v)).join(", ")}, ${presence}`;
  let kind: string;
  if (expected.type === "string") {
    const length = rangeText(expected.minLength, expected.maxLength, " characters");
    kind = length ? `a string of ${length}` : "a string";
  } else if (expected.type === "integer" || expected.type === "number") {
    const noun = expected.type === "integer" ? "an integer" : "a number";
    const { minimum: low, maximum: high } = expected;
    if (low !== undefined && high !== undefined) kind = `${noun} from ${low} to ${high}`;
    else if (low !== undefined) kind = `${noun} of at least ${low}`;
    else if (high !== undefined) kind = `${noun} of at most ${high}`;
    else kind = noun;
  } else {
    kind = expected.type === "value" ? "a valid value" : `a JSON ${expected.type}`;
  }
  return `${kind}, ${presence}`;
}

/**
 * The detail for a string of whitespace only: its bound counts after trimming, as the CLI's
 * "1 to 500 characters of text after trimming" says, so "   " is empty, not short.
 */
const BLANK_DETAIL = "got only whitespace, and the length counts after trimming";

/** Which way the value failed: wrong JSON type (or absent), below its bound, above its bound. */
type ArgumentProblem = "type" | "too_small" | "too_big" | "other";

function problemText(problem: ArgumentProblem, received: ReceivedKind): string {
  if (received === "missing") return "got nothing";
  if (problem === "too_small")
    return received === "string" ? "got too few characters" : "got a smaller value";
  if (problem === "too_big")
    return received === "string" ? "got too many characters" : "got a larger value";
  return `got a value of type ${received}`;
}

function problemOf(code: string | undefined): ArgumentProblem {
  if (code === "invalid_type") return "type";
  if (code === "too_small" || code === "too_big") return code;
  return "other";
}

/** The JSON kind of `value` (an integral number is `integer`; `undefined` is `missing`). */
export function receivedKind(value: unknown): ReceivedKind {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "boolean";
  return "object";
}

/**
 * Parses a tool call's `arguments` with the tool's own input schema, refusing undeclared names
 * (`toolInputSchema`, which its `inputSchema` JSON Schema is generated from). Absent arguments
 * count as `{}`.
 *
 * @throws UnknownToolArgumentsError when `arguments` has names the schema does not declare —
 *   first, since a misnamed argument usually also leaves a required one missing, and the list of
 *   accepted names says how to fix both.
 * @throws InvalidToolArgumentError for the first failing argument (`query`, `chat_id`, …;
 *   `arguments` when the whole value is not an object), with what it accepts and what arrived.
 */
export function parseToolArguments<Input>(schema: z.ZodType<Input>, args: unknown): Input {
  const value = args ?? {};
  // The failing input is reported (never echoed) so an over-long string's length, as the schema
  // measured it after trimming, can be stated.
  const parsed = toolInputSchema(schema).safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  const unknown = parsed.error.issues.find((candidate) => candidate.code === "unrecognized_keys");
  if (unknown !== undefined) {
    throw new UnknownToolArgumentsError(
      unknown.keys,
      Object.keys(objectSchemaOf(schema).properties ?? {}),
    );
  }
  const issue = parsed.error.issues[0];
  const name = issue && issue.path.length > 0 ? String(issue.path[0]) : null;
  const raw =
    name === null || typeof value !== "object" || Array.isArray(value)
      ? value
      : (value as Record<string, unknown>)[name];
  const received = receivedKind(raw);
  // "   " is three characters, none of which counts: the bound applies after trimming.
  const blank =
    issue?.code === "too_small" && typeof raw === "string" && raw !== "" && raw.trim() === "";
  throw new InvalidToolArgumentError(
    name ?? "arguments",
    expectationOf(objectSchemaOf(schema), name),
    received,
    problemOf(issue?.code),
    // A refinement's message is the tool's own wording (never the value): a string of the right
    // type and length that still says nothing is not "a value of type string".
    issue?.code === "custom" ? issue.message : blank ? BLANK_DETAIL : undefined,
    // Only the argument's own string: a long item inside an array argument is another bound.
    issue?.code === "too_big" && issue.path.length === 1 && typeof issue.input === "string"
      ? { length: characterCount(issue.input), limit: Number(issue.maximum) }
      : undefined,
  );
}
