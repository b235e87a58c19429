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

  it("describe every input property and output field, at every depth", () => {
    /** Dotted paths of properties without a description (`[]` marks array items). */
    const undescribed = (node: unknown, path: string): string[] => {
      if (node === null || typeof node !== "object") return [];
      const schema = node as { properties?: Record<string, unknown>; items?: unknown };
      const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
        ...(typeof (property as { description?: unknown }).description === "string"
          ? []
          : [`${path}${name}`]),
        ...undescribed(property, `${path}${name}.`),
      ]);
      return [...own, ...undescribed(schema.items, `${path.replace(/\.$/, "")}[].`)];
    };
    const missing = descriptors.flatMap((tool) => [
      ...undescribed(tool.inputSchema, `${tool.name} input: `),
      ...undescribed(tool.outputSchema ?? null, `${tool.name} output: `),
    ]);
    expect(missing).toEqual([]);
    // The bounds are kept beside the description.
    const excerpt = { type: "string", maxLength: 220, description: expect.any(String) };
    const evidence = { items: { properties: { excerpt } } };
    expect(descriptors[0]?.outputSchema).toMatchObject({
      properties: { findings: { items: { properties: { evidence } } } },
    });
  });

  it("give read_chat only what an MCP agent can use: no current chat to page through", () => {
    const read = descriptors[1];
    expect(read?.name).toBe("read_chat");
    expect(read?.description).not.toMatch(/current chat|compacted/);
    expect(read?.description).toContain("around_message_id");
  });
});
