import { describe, expect, it } from "vitest";
import { TOOL_DEFINITIONS } from "../agent/tools/registry.js";
import { undeclaredNames } from "../agent/tools/testing/undeclared-names.js";
import { SERVER_INSTRUCTIONS } from "./start-mcp-server.js";
import { MCP_TOOL_NAMES, toolDescriptor } from "./tool-descriptors.js";

const descriptors = TOOL_DEFINITIONS.filter((definition) =>
  MCP_TOOL_NAMES.has(definition.name),
).map(toolDescriptor);

/** The tools' names and every argument their published inputSchema declares. */
const declared = new Set(
  descriptors.flatMap((tool) => [tool.name, ...Object.keys(tool.inputSchema.properties ?? {})]),
);

describe("MCP tool descriptors", () => {
  it("name only the offered tools and arguments their inputSchema declares, in every description and the server instructions", () => {
    expect(descriptors.map((tool) => tool.name)).toEqual(["explore_chat_history", "read_chat"]);
    for (const text of [...descriptors.map((tool) => tool.description ?? ""), SERVER_INSTRUCTIONS])
      expect(undeclaredNames(text, declared)).toEqual([]);
    // The wording the check exists for: read_chat's argument is around_message_id.
    expect(undeclaredNames("call read_chat with its chat_id and message_id", declared)).toEqual([
      "message_id",
    ]);
    const [explore] = descriptors;
    expect(explore?.description).toContain("read_chat with");
    expect(explore?.description).toContain("around_message_id");
  });
});
