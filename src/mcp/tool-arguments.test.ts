import { describe, expect, it } from "vitest";
import { childReadInputSchema } from "../agent/tools/explore-chat-history/child-protocol.js";
import { exploreChatHistoryInputSchema } from "../agent/tools/explore-chat-history/explore-chat-history-tool.js";
import { InvalidToolArgumentError, parseToolArguments } from "./tool-arguments.js";

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

  it("returns the parsed input (trimmed) when it is valid", () => {
    expect(parseToolArguments(exploreChatHistoryInputSchema, { query: "  auth  " })).toEqual({
      query: "auth",
    });
  });
});
