import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStaticHandler } from "./static-files.js";

let root: string;
let outside: string;

beforeEach(() => {
  outside = mkdtempSync(join(tmpdir(), "recollect-static-"));
  root = join(outside, "web");
  mkdirSync(join(root, "assets"), { recursive: true });
  writeFileSync(join(root, "index.html"), "<!doctype html><p>app</p>");
  writeFileSync(join(root, "assets", "app.js"), "console.log(1)");
  writeFileSync(join(outside, "secret.txt"), "secret");
});
afterEach(() => rmSync(outside, { recursive: true, force: true }));

const get = (path: string) => createStaticHandler(root)(new Request(`http://127.0.0.1${path}`));

describe("static files", () => {
  it("serves files with their type and falls back to index.html for routes", async () => {
    const script = await get("/assets/app.js");
    expect(script?.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script?.text()).toBe("console.log(1)");
    const route = await get("/chat/1");
    expect(await route?.text()).toBe("<!doctype html><p>app</p>");
  });

  it("never leaves the root", async () => {
    expect(await get("/..%2fsecret.txt")).toBeNull();
    expect(await get("/assets/..%2f..%2fsecret.txt")).toBeNull();
    expect(await get("/missing.js")).toBeNull();
  });
});
