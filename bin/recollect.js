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
// once, for a wind-down that hangs. The new listener goes on before the old one comes off: with
// none, Node puts the signal's default action (die) back in place.
let late = 0;
const windDown = () => {
  late += 1;
  if (late > 1) process.exit();
};
for (const name of ["SIGINT", "SIGTERM"]) {
  process.on(name, windDown);
  process.off(name, keep);
}
// Exit explicitly once stdout and stderr have flushed. Ending by an empty event loop instead, Node
// closes its signal handles before the process is gone, which restores the default action: a
// SIGINT in that window killed about 1 in 6 runs of `apps` signalled just after their complete
// answer (shell status 130). process.exit keeps the listeners in place to the end.
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit();

/** Resolves once everything written to `stream` so far has been handed to the OS (or failed). */
function flushed(stream) {
  return new Promise((resolve) => stream.write("", () => resolve()));
}
