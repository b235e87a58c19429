/**
 * The package as installed: `bin/recollect.js` beside the `dist/` that `prepack` compiles with
 * tsconfig.build.json, no `src/`, and the dependencies (linked from this checkout). It must run
 * the compiled JavaScript — tsx is a devDependency, absent from an install — for the CLI and for
 * `recollect mcp` driven by the SDK client. (`npm pack` itself is not run here: it would rebuild
 * this checkout's `dist/`, which the web tests serve; the handshake bench packs for real.)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsStoreForStorePath } from "../settings/index.js";
import { openStore } from "../store/open-store.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");
/** tsc over all of src/ takes ≈ 45 s on a busy 2-core machine. */
const BUILD_MS = 240_000;

let dir: string;
let bin: string;
const version = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }
).version;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "recollect-installed-"));
  const pkg = join(dir, "recollect");
  cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  cpSync(join(ROOT, "bin"), join(pkg, "bin"), { recursive: true });
  execFileSync(
    process.execPath,
    [TSC, "-p", join(ROOT, "tsconfig.build.json"), "--outDir", join(pkg, "dist")],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  bin = join(pkg, "bin/recollect.js");
}, BUILD_MS);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the installed package", () => {
  it("holds no tests and no sources, and its bin runs the compiled CLI", () => {
    expect(existsSync(join(dir, "recollect/src"))).toBe(false);
    expect(existsSync(join(dir, "recollect/dist/cli/cli-entry.js"))).toBe(true);
    expect(existsSync(join(dir, "recollect/dist/mcp/tool-arguments.test.js"))).toBe(false);
    const run = spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(version);
  });

  it("serves recollect mcp: initialize, then both tools with Pro", async () => {
    const storePath = join(dir, "store.db");
    // `--app` keeps the server off this machine's agent histories; it must name a stored app.
    {
      using store = openStore({ path: storePath });
      store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('installed', 1)").run();
    }
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "--db", storePath, "mcp", "--app", "installed"],
      stderr: "ignore",
    });
    const client = new Client({ name: "installed-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "recollect", version });
      expect((await client.listTools()).tools).toEqual([]);
      settingsStoreForStorePath(storePath).update((current) => ({
        ...current,
        entitlement: "pro",
      }));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        "explore_chat_history",
        "read_chat",
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
