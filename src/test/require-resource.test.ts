import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  isCiRun,
  isResourceAvailable,
  missingResourceLine,
  missingResources,
} from "./test-resources.js";

const dir = mkdtempSync(join(tmpdir(), "recollect-resource-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const HELPER = fileURLToPath(new URL("./require-resource.ts", import.meta.url));
const missing = { name: "the thing", path: join(dir, "absent"), howToGet: "make one" };

describe("test resources", () => {
  it("finds folders and files, and executables only when executable", () => {
    const file = join(dir, "tool");
    writeFileSync(file, "#!/bin/sh\n");
    chmodSync(file, 0o644);
    const present = { name: "dir", path: dir, howToGet: "" };
    const tool = { name: "tool", path: file, howToGet: "", executable: true };
    expect([isResourceAvailable(present), isResourceAvailable(missing)]).toEqual([true, false]);
    expect(isResourceAvailable(tool)).toBe(false);
    chmodSync(file, 0o755);
    expect(isResourceAvailable(tool)).toBe(true);
    expect(missingResources([present, missing, tool])).toEqual([missing]);
  });

  it("names what is missing, where it was looked for and how to get it, in one line", () => {
    expect(missingResourceLine("suite", [missing])).toBe(
      `skipped "suite": needs the thing (not found at ${join(dir, "absent")}; make one)`,
    );
  });

  it("treats CI=true and CI=1 as CI, anything else as a developer run", () => {
    expect([isCiRun({ CI: "true" }), isCiRun({ CI: "1" })]).toEqual([true, true]);
    expect([isCiRun({}), isCiRun({ CI: "false" }), isCiRun({ CI: "" })]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("describeRequiring in a real vitest run", () => {
  const project = mkdtempSync(join(tmpdir(), "recollect-resource-run-"));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  writeFileSync(
    join(project, "needs.test.ts"),
    `import { it } from "vitest";
import { describeRequiring } from ${JSON.stringify(HELPER)};
describeRequiring([${JSON.stringify(missing)}], "needs the thing", () => {
  it("would read the thing", () => { throw new Error("must not run"); });
});
it("runs anyway", () => {});
`,
  );
  const run = (ci: string | undefined) => {
    const env = { ...process.env, CI: ci };
    if (ci === undefined) delete env.CI;
    return spawnSync(join(REPO_ROOT, "node_modules/.bin/vitest"), ["run", "--root", project], {
      cwd: project,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
  };

  it("skips with the one line outside CI, and fails naming it under CI=true", () => {
    const developer = run(undefined);
    const line = missingResourceLine("needs the thing", [missing]);
    expect(developer.status).toBe(0);
    expect(developer.stderr.split("\n").filter((text) => text === line)).toHaveLength(1);
    const ci = run("true");
    expect(ci.status).toBe(1);
    expect(`${ci.stdout}${ci.stderr}`).toContain(line.replace(/^skipped/, "CI=true cannot skip"));
  });
});
