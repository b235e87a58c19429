import { describe, expect, it } from "vitest";
import { INTERNAL_TOOL_DEFINITIONS, TOOL_DEFINITIONS } from "./registry.js";
import { undeclaredNames } from "./testing/undeclared-names.js";

const definitions = [...TOOL_DEFINITIONS, ...INTERNAL_TOOL_DEFINITIONS];

/** Every tool's name and the arguments its input schema declares. */
const declared = new Set(
  definitions.flatMap((definition) => {
    const shape = (definition.inputSchema as { shape?: Record<string, unknown> }).shape ?? {};
    return [definition.name, ...Object.keys(shape)];
  }),
);

describe("tool descriptions", () => {
  it("name only tools and arguments some tool's schema declares", () => {
    for (const definition of definitions)
      expect({
        tool: definition.name,
        undeclared: undeclaredNames(definition.description, declared),
      }).toEqual({ tool: definition.name, undeclared: [] });
  });
});
