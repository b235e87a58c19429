/**
 * The layer checker (`.dependency-cruiser.cjs`, run by `npm run lint`) fails on an import that runs
 * up docs/ARCHITECTURE.md's map. Each case runs the real checker, as a child process, on a temporary
 * copy of `src/` with one import added.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const run = promisify(execFile);

interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

/**
 * Runs the checker on `tree` exactly as `npm run lint` does and returns its exit code and the
 * violations it printed (`error RULE: FROM → TO`).
 */
async function check(tree: string): Promise<{ code: number; violations: Violation[] }> {
  const args = [join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs")];
  args.push("src", "--config", ".dependency-cruiser.cjs", "--no-progress");
  let stdout: string;
  let code = 0;
  try {
    ({ stdout } = await run(process.execPath, args, { cwd: tree, maxBuffer: 64 << 20 }));
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    code = failed.code;
    stdout = failed.stdout;
  }
  const violations = [...stdout.matchAll(/^\s*error (\S+): (\S+) → (\S+)$/gmu)].map(
    ([, rule, from, to]) => ({ rule: rule!, from: from!, to: to! }),
  );
  return { code, violations };
}

describe("the layer map is enforced", () => {
  let tree: string;
  beforeAll(() => {
    tree = mkdtempSync(join(tmpdir(), "recollect-layers-"));
    cpSync(join(ROOT, "src"), join(tree, "src"), { recursive: true });
    for (const file of [".dependency-cruiser.cjs", "tsconfig.json", "package.json"]) {
      cpSync(join(ROOT, file), join(tree, file));
    }
    symlinkSync(join(ROOT, "node_modules"), join(tree, "node_modules"), "dir");
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it("fails on one upward import, one browser import past the wire and one import of test support, and only on those", async () => {
    writeFileSync(
      join(tree, "src/store/upward.ts"),
      'import type { SearchChatsResult } from "../history/index.js";\nexport type Upward = SearchChatsResult;\n',
    );
    writeFileSync(
      join(tree, "src/web/past-the-wire.ts"),
      'import type { AgentContext } from "../agent/context.js";\nexport type PastTheWire = AgentContext;\n',
    );
    writeFileSync(
      join(tree, "src/history/uses-fixture.ts"),
      'export { seedHistory } from "../server/testing/seed-history.js";\n',
    );
    const result = await check(tree);
    expect(result.code).not.toBe(0);
    expect(result.violations).toEqual(
      expect.arrayContaining([
        {
          rule: "store-imports-upward",
          from: "src/store/upward.ts",
          to: "src/history/index.ts",
        },
        {
          rule: "web-reaches-past-the-wire",
          from: "src/web/past-the-wire.ts",
          to: "src/agent/context.ts",
        },
        {
          rule: "test-support-in-production",
          from: "src/history/uses-fixture.ts",
          to: "src/server/testing/seed-history.ts",
        },
      ]),
    );
    // Nothing else in the copy breaks the map: the real tree is clean.
    expect(new Set(result.violations.map((v) => v.from))).toEqual(
      new Set(["src/store/upward.ts", "src/web/past-the-wire.ts", "src/history/uses-fixture.ts"]),
    );
  }, 120_000);
});
