/**
 * `npm run reliability [-- --smoke] [-- --seed N] [-- --push-messages N] [-- CHECK…]`: the
 * reliability harness (issue 9, Build 8). Runs each check, prints every figure beside its target, and exits 1 when any figure
 * falls short (2 on a usage error). `--smoke` runs every check at small counts (well under a
 * minute; the vitest test `reliability/smoke.test.ts` runs it in CI). The seed (default: the time)
 * is printed first, so a failing run can be replayed exactly with `--seed`. `--push-messages`
 * sets the size of the history the `push-kill` check pushes (issue 32).
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { CHECKS, type CheckName, type Scale, scaleOf } from "./checks/index.js";
import { formatFigure, meets } from "./figure.js";

interface Arguments {
  readonly scale: Scale;
  readonly seed: number;
  readonly checks: readonly CheckName[];
}

function parseArguments(argv: string[]): Arguments | string {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return (error as Error).message;
  }
  const seedText = parsed.values.seed;
  const seed = seedText === undefined ? Date.now() % 0x1_0000_0000 : Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
    return "--seed expects an integer from 0 to 4294967295";
  }
  const unknown = parsed.positionals.filter((name) => !(name in CHECKS));
  if (unknown.length > 0) {
    return `unknown check ${unknown.join(", ")}; checks: ${Object.keys(CHECKS).join(", ")}`;
  }
  const checks = parsed.positionals as CheckName[];
  const pushText = parsed.values["push-messages"];
  const pushMessages = pushText === undefined ? undefined : Number(pushText);
  if (pushMessages !== undefined && (!Number.isInteger(pushMessages) || pushMessages < 100)) {
    return "--push-messages expects an integer of at least 100";
  }
  return {
    scale: scaleOf(parsed.values.smoke === true, pushMessages),
    seed,
    checks: checks.length > 0 ? checks : (Object.keys(CHECKS) as CheckName[]),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      smoke: { type: "boolean" },
      seed: { type: "string" },
      "push-messages": { type: "string" },
    },
    allowPositionals: true,
  });
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === "string") {
    process.stderr.write(`reliability: ${parsed}\n`);
    return 2;
  }
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(
    `reliability: ${parsed.scale.name} run, seed ${parsed.seed}, cores ${availableParallelism()}, node ${process.version}`,
  );
  let failed = 0;
  for (const name of parsed.checks) {
    log(`\n== ${name} ==`);
    const started = performance.now();
    const figures = await CHECKS[name]({ scale: parsed.scale, seed: parsed.seed, log });
    for (const figure of figures) {
      log(formatFigure(figure));
      if (!meets(figure)) failed += 1;
    }
    log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  log(failed === 0 ? "\nall figures met their targets" : `\n${failed} figure(s) fell short`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
