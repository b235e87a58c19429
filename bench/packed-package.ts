/**
 * The package as `npm install` would lay it out, for benchmarks that must time what users run:
 * `npm pack` (whose `prepack` compiles `src/` into `dist/`) into a temp folder, the tarball
 * unpacked there, and its `node_modules` linked to the checkout's (the same dependency versions,
 * without a registry install). The unpacked copy has no `src/`, so its `bin/recollect.js` runs
 * the compiled JavaScript.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** An unpacked package; `dispose` removes it. */
export interface PackedPackage extends Disposable {
  /** The unpacked package folder (holds `bin/`, `dist/`, `package.json`). */
  readonly dir: string;
  /** Its `bin/recollect.js`. */
  readonly bin: string;
}

/**
 * Packs and unpacks the checkout (≈ 40 s on 2 cores: `tsc` plus the web build).
 * @throws Error when `npm pack` or `tar` fails (their stderr is inherited).
 */
export function packedPackage(): PackedPackage {
  const dir = mkdtempSync(join(tmpdir(), "recollect-packed-"));
  const output = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const tarball = output.trim().split("\n").at(-1) ?? "";
  execFileSync("tar", ["-xzf", join(dir, tarball), "-C", dir], { stdio: "inherit" });
  const unpacked = join(dir, "package");
  symlinkSync(join(ROOT, "node_modules"), join(unpacked, "node_modules"), "dir");
  return {
    dir: unpacked,
    bin: join(unpacked, "bin/recollect.js"),
    [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }),
  };
}
