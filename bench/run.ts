/**
 * `npm run bench [section…]`: runs benchmark sections and writes their figures to
 * `bench/results/<section>-<timestamp>.json` (gitignored). Each section is its own file
 * `bench/<name>.ts` exporting `runBench(): Promise<BenchReport>`; add one line to
 * {@link SECTIONS} to register another. No argument runs every section.
 *
 * Environment: `BENCH_MESSAGES` scales the generated history down for a quick run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchReport } from "./bench-report.js";

const SECTIONS: Readonly<Record<string, () => Promise<{ runBench(): Promise<BenchReport> }>>> = {
  "history-index": () => import("./history-index.js"),
  explorer: () => import("./explorer.js"),
  "index-lifecycle": () => import("./index-lifecycle.js"),
  "rg-baseline": () => import("./rg-baseline.js"),
  "mcp-handshake": () => import("./mcp-handshake.js"),
  "search-recall": () => import("./search-recall.js"),
  sync: () => import("./sync.js"),
  team: () => import("./team.js"),
};

async function main(): Promise<void> {
  const requested = process.argv.slice(2);
  const names = requested.length > 0 ? requested : Object.keys(SECTIONS);
  const unknown = names.filter((name) => !(name in SECTIONS));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown bench section(s): ${unknown.join(", ")}. Known: ${Object.keys(SECTIONS).join(", ")}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const resultsDir = join(dirname(fileURLToPath(import.meta.url)), "results");
  mkdirSync(resultsDir, { recursive: true });
  process.stdout.write(`cores: ${availableParallelism()}  node: ${process.version}\n`);
  for (const name of names) {
    const load = SECTIONS[name];
    if (load === undefined) continue;
    process.stdout.write(`\n== ${name} ==\n`);
    const report = await (await load()).runBench();
    const file = join(resultsDir, `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ section: name, cores: availableParallelism(), node: process.version, ...report }, null, 2)}\n`,
    );
    process.stdout.write(`results: ${file}\n`);
  }
}

await main();
