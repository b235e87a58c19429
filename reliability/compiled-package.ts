/**
 * The package as a user runs it: `bin/recollect.js` beside a `dist/` compiled by
 * `tsconfig.build.json` and no `src/`, so the entry point runs the JavaScript (no tsx loader), as
 * an `npm install` of the packed package does. Built into a temporary folder (this checkout's own
 * `dist/` is left alone); its `node_modules` links to this checkout's, as an install's holds the
 * same dependencies. Building takes 20–60 s on the 2 shared cores.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** A built package folder: its entry point, removed by `cleanup` (or `using`). */
export interface CompiledPackage extends Disposable {
  /** `<folder>/bin/recollect.js`. */
  readonly bin: string;
  cleanup(): void;
}

const CHECKOUT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Compiles this checkout into a temporary package folder.
 * @throws Error when `tsc` fails (its output in the message).
 */
export function buildCompiledPackage(): CompiledPackage {
  const folder = mkdtempSync(join(tmpdir(), "recollect-package-"));
  const cleanup = () => rmSync(folder, { recursive: true, force: true });
  try {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    execFileSync(
      process.execPath,
      [tsc, "-p", join(CHECKOUT, "tsconfig.build.json"), "--outDir", join(folder, "dist")],
      { stdio: "pipe" },
    );
    mkdirSync(join(folder, "bin"));
    copyFileSync(join(CHECKOUT, "bin", "recollect.js"), join(folder, "bin", "recollect.js"));
    copyFileSync(join(CHECKOUT, "package.json"), join(folder, "package.json"));
    symlinkSync(realpathSync(join(CHECKOUT, "node_modules")), join(folder, "node_modules"), "dir");
  } catch (error) {
    cleanup();
    throw error;
  }
  return { bin: join(folder, "bin", "recollect.js"), cleanup, [Symbol.dispose]: cleanup };
}
