import { describe, expect, it } from "vitest";
import { commandName } from "./cli-entry.js";

describe("commandName", () => {
  it("skips the global options and the --db value", () => {
    expect(commandName(["mcp", "--app", "x"])).toBe("mcp");
    expect(commandName(["--db", "mcp", "apps"])).toBe("apps");
    expect(commandName(["--db=/tmp/a.db", "--json", "mcp"])).toBe("mcp");
    expect(commandName(["--json", "--db", "/tmp/a.db", "explore", "mcp"])).toBe("explore");
    expect(commandName(["--help"])).toBeUndefined();
    expect(commandName([])).toBeUndefined();
  });
});
