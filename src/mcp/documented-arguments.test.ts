/**
 * The argument lists README.md and docs/MCP.md give for the two MCP tools are the published
 * inputSchemas' (names, order, `?` for optional): a renamed or added argument fails here until the
 * docs say it too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TOOL_DEFINITIONS } from "../agent/tools/registry.js";
import { MCP_TOOL_NAMES, toolDescriptor } from "./tool-descriptors.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const doc = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** `name`, `name?` for each property of the tool's published inputSchema, in its order. */
function schemaArguments(name: string): string[] {
  const definition = TOOL_DEFINITIONS.find((candidate) => candidate.name === name);
  if (definition === undefined || !MCP_TOOL_NAMES.has(name)) throw new Error(`no MCP tool ${name}`);
  const { properties = {}, required = [] } = toolDescriptor(definition).inputSchema;
  return Object.keys(properties).map((key) => (required.includes(key) ? key : `${key}?`));
}

/** The names inside the braces of the first match of `pattern` (group 1), spaces and newlines ignored. */
function documentedArguments(text: string, pattern: RegExp): string[] {
  const list = pattern.exec(text)?.[1];
  if (list === undefined) throw new Error(`not documented: ${pattern}`);
  return list.split(",").map((name) => name.trim());
}

describe("documented MCP tool arguments", () => {
  it("README and docs/MCP.md list each tool's arguments as its inputSchema has them", () => {
    const readme = doc("README.md");
    const mcp = doc("docs/MCP.md");
    for (const tool of MCP_TOOL_NAMES) {
      const expected = schemaArguments(tool);
      expect(documentedArguments(readme, new RegExp(`\`${tool} \\{([^}]*)\\}`))).toEqual(expected);
      expect(documentedArguments(mcp, new RegExp(`\\| \`${tool}\` +\\| \`\\{([^}]*)\\}`))).toEqual(
        expected,
      );
    }
  });
});
