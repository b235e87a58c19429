/**
 * Builds the web bundle with Vite when it is missing (or when forced), so `recollect serve` and
 * the browser tests work from a fresh clone without a separate build step.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { RecollectError } from "../errors/recollect-error.js";

/** The repository root (this file is `src/server/build-web.ts`). */
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where the built web app lives: `<repo>/dist/web`. */
export const WEB_DIST_DIR = fileURLToPath(new URL("../../dist/web", import.meta.url));

/**
 * Ensures `dist/web/index.html` exists, running `vite build` with the repo's `vite.config.ts`
 * if not (≈1 s). Returns the folder to serve.
 * @throws RecollectError (`precondition`) when the build fails (e.g. Vite not installed).
 */
export async function ensureWebBuild(options: { force?: boolean } = {}): Promise<string> {
  if (!options.force && existsSync(`${WEB_DIST_DIR}/index.html`)) return WEB_DIST_DIR;
  try {
    const { build } = await import("vite");
    await build({ configFile: `${REPO_ROOT}vite.config.ts`, logLevel: "warn" });
  } catch (error) {
    throw new RecollectError(
      "precondition",
      `Cannot build the web app: ${(error as Error).message}. Run \`npm run build:web\`.`,
      { cause: error },
    );
  }
  return WEB_DIST_DIR;
}
