import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MCP_MAIN = fileURLToPath(new URL("./mcp-main.ts", import.meta.url));

describe("what `recollect mcp` loads", () => {
  it("neither the PostgreSQL client nor Node's fetch until a team store is opened", () => {
    // A fresh process (the test runner's own module cache would hide what the import loads):
    // the server's entry module and everything it imports, then what got loaded.
    const script = `
      await import(${JSON.stringify(MCP_MAIN)});
      const { createRequire } = await import("node:module");
      const pg = Object.keys(createRequire(import.meta.url).cache).filter((path) => /[\\\\/]node_modules[\\\\/]pg[\\\\/]/.test(path));
      const fetch = process.moduleLoadList.filter((name) => name.includes("undici"));
      process.stdout.write(JSON.stringify({ pg, fetch }));
    `;
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(JSON.parse(output)).toEqual({ pg: [], fetch: [] });
  }, 60_000);
});
