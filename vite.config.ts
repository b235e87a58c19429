/**
 * Builds the local web app (`src/web`) into `dist/web`, which `recollect serve` serves. Built on
 * demand by the serve command and by the e2e global setup (`npm run build:web` does the same).
 */
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webRoot = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));

export default defineConfig({
  root: webRoot,
  base: "/",
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // One small app: a single chunk keeps the served bundle simple.
    chunkSizeWarningLimit: 1024,
  },
});
