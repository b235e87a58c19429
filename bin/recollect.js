#!/usr/bin/env node
// A checkout (src/ present) runs the TypeScript sources through tsx's loader: no build step, and
// never a stale build. The packed package ships no src/ and runs the JavaScript that `npm pack`
// compiled into dist/ (`prepack`), so an installed `recollect` starts without transpiling.
import { existsSync } from "node:fs";

// A stop signal while loading is kept, not fatal (Node's default would end the process with no
// word): cliEntry reports it as it reports any later one.
const received = [];
const keep = (name) => received.push(name);
for (const name of ["SIGINT", "SIGTERM"]) process.on(name, keep);

const source = new URL("../src/cli/cli-entry.ts", import.meta.url);
let entry = new URL("../dist/cli/cli-entry.js", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  entry = source;
}
const { cliEntry } = await import(entry.href);
process.exitCode = await cliEntry(process.argv, received);
// The run is over: its answer written, its stores closed. A signal while the process winds down
// (output still flushing) is no stop, so the run's own exit code stands; a second one ends it at
// once, for a wind-down that hangs.
let late = 0;
const windDown = () => {
  late += 1;
  if (late > 1) process.exit();
};
for (const name of ["SIGINT", "SIGTERM"]) {
  process.off(name, keep);
  process.on(name, windDown);
}
