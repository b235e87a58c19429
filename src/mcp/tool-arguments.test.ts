import { describe, expect, it } from "vitest";
import { childReadInputSchema } from "../agent/tools/explore-chat-history/child-protocol.js";
import { exploreChatHistoryInputSchema } from "../agent/tools/explore-chat-history/explore-chat-history-tool.js";
import { InvalidToolArgumentError, parseToolArguments } from "./tool-arguments.js";
import { UnknownToolArgumentsError } from "./unknown-tool-arguments-error.js";

function failure(schema: Parameters<typeof parseToolArguments>[0], args: unknown) {
  try {
    parseToolArguments(schema, args);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidToolArgumentError);
    const { kind, argument, expected, received } = error as InvalidToolArgumentError;
    return { kind, argument, expected, received };
  }
  throw new Error("expected the arguments to be refused");
}

describe("parseToolArguments", () => {
  it("says a string of whitespace only counts as empty, not as too few characters", () => {
    const message = (args: unknown) => {
      try {
        parseToolArguments(exploreChatHistoryInputSchema, args);
      } catch (error) {
        return (error as InvalidToolArgumentError).detail;
      }
      return null;
    };
    expect(message({ query: "   " })).toBe(
      "got only whitespace, and the length counts after trimming",
    );
    expect(message({ query: "" })).toBe("got too few characters");
  });

  it("names the argument, its type and bounds from the schema, and what arrived", () => {
    const query = { type: "string", required: true, minLength: 1, maxLength: 500 };
    expect(failure(exploreChatHistoryInputSchema, undefined)).toEqual({
      kind: "invalid_input",
      argument: "query",
      expected: query,
      received: "missing",
    });
    expect(failure(exploreChatHistoryInputSchema, { query: "x".repeat(501) })).toMatchObject({
      argument: "query",
      received: "string",
    });
    expect(failure(exploreChatHistoryInputSchema, { query: 7 })).toMatchObject({
      argument: "query",
      received: "integer",
    });
    expect(failure(childReadInputSchema, { chat_id: 1.5 })).toEqual({
      kind: "invalid_input",
      argument: "chat_id",
      expected: { type: "integer", required: true, minimum: 1 },
      received: "number",
    });
    expect(failure(childReadInputSchema, { chat_id: 2, before: -1 })).toMatchObject({
      argument: "before",
      expected: { type: "integer", required: false, minimum: 0, maximum: 10 },
      received: "integer",
    });
    expect(failure(childReadInputSchema, ["chat_id"])).toEqual({
      kind: "invalid_input",
      argument: "arguments",
      expected: { type: "object", required: true },
      received: "array",
    });
  });

  it("refuses names the schema does not declare, listing them (escaped, bounded) and the accepted ones", () => {
    const unknownOf = (schema: Parameters<typeof parseToolArguments>[0], args: unknown) => {
      try {
        parseToolArguments(schema, args);
      } catch (error) {
        expect(error).toBeInstanceOf(UnknownToolArgumentsError);
        const { kind, argument, unknown, accepted, suggestion, message } =
          error as UnknownToolArgumentsError;
        return { kind, argument, unknown, accepted, suggestion, message };
      }
      throw new Error("expected the arguments to be refused");
    };
    const readArguments = [
      "chat_id",
      "around_message_id",
      "before",
      "after",
      "offset",
      "limit",
      "focus",
    ];
    expect(unknownOf(exploreChatHistoryInputSchema, { query: "auth", foo: 1 })).toMatchObject({
      kind: "invalid_input",
      argument: "arguments",
      unknown: ["foo"],
      accepted: ["query"],
    });
    // Not a typo but a part of the right name: its words point to it.
    const part = unknownOf(childReadInputSchema, { chat_id: 3, message_id: 5 });
    expect(part).toMatchObject({
      argument: "arguments",
      unknown: ["message_id"],
      accepted: readArguments,
      suggestion: "around_message_id",
    });
    expect(part.message).toBe(
      `Invalid arguments: expected only ${readArguments.join(", ")} (got unknown "message_id"; did you mean around_message_id?).`,
    );
    // Unrelated names, or words shared with no one name, get no guess.
    for (const name of ["foo", "message_count", "id"]) {
      expect(unknownOf(childReadInputSchema, { chat_id: 3, [name]: 5 }).suggestion).toBeNull();
    }
    // Before the missing query it was meant to be: the accepted list fixes both.
    const typo = unknownOf(exploreChatHistoryInputSchema, { querry: "auth" });
    expect(typo).toMatchObject({ unknown: ["querry"], accepted: ["query"], suggestion: "query" });

    const hostile = unknownOf(childReadInputSchema, {
      chat_id: 3,
      "x\u001b[31m\u202Ey": 1,
      ["k".repeat(100)]: 1,
      a: 1,
      b: 1,
      c: 1,
      d: 1,
    });
    expect(hostile.unknown).toEqual([
      "x\\u{1B}[31m\\u{202E}y",
      `${"k".repeat(64)}…`,
      "a",
      "b",
      "c",
    ]);
    expect(hostile.message).toContain('"x\\u{1B}[31m\\u{202E}y"');
    expect(hostile.message).toContain("and 1 more");
    for (const raw of ["\u001b", "\u202e", "k".repeat(65)])
      expect(hostile.message).not.toContain(raw);
  });

  it("states an over-long string's length (after trimming) and its limit, in the CLI's words", () => {
    try {
      parseToolArguments(exploreChatHistoryInputSchema, { query: ` ${"x".repeat(501)}  ` });
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidToolArgumentError);
      const { message, tooLong } = error as InvalidToolArgumentError;
      expect({ message, tooLong }).toEqual({
        message:
          "Invalid query: expected a string of 1–500 characters, required (got 501 characters; the limit is 500).",
        tooLong: { length: 501, limit: 500 },
      });
      return;
    }
    throw new Error("expected the query to be refused");
  });

  it("counts characters as code points: 500 emoji or CJK fit, 501 are over by one", () => {
    for (const char of ["😀", "𠀀"]) {
      // A query needs a word to search for: one letter, then 499 of the character.
      const fits = `a${char.repeat(499)}`;
      expect(parseToolArguments(exploreChatHistoryInputSchema, { query: fits })).toEqual({
        query: fits,
      });
      try {
        parseToolArguments(exploreChatHistoryInputSchema, { query: char.repeat(501) });
        throw new Error("expected the query to be refused");
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidToolArgumentError);
        expect((error as InvalidToolArgumentError).tooLong).toEqual({ length: 501, limit: 500 });
      }
    }
  });

  it("returns the parsed input (trimmed) when it is valid", () => {
    expect(parseToolArguments(exploreChatHistoryInputSchema, { query: "  auth  " })).toEqual({
      query: "auth",
    });
  });
});
