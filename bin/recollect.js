#!/usr/bin/env node
// A checkout (src/ present) runs the TypeScript sources through tsx's loader: no build step, and
// never a stale build. The packed package ships no src/ and runs the JavaScript that `npm pack`
// compiled into dist/ (`prepack`), so an installed `recollect` starts without transpiling.
import { existsSync } from "node:fs";

const source = new URL("../src/cli/cli-entry.ts", import.meta.url);
let entry = new URL("../dist/cli/cli-entry.js", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  entry = source;
}
const { cliEntry } = await import(entry.href);
process.exitCode = await cliEntry(process.argv);
