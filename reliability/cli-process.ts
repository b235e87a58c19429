/**
 * Real child processes for the crash and concurrency checks: the `recollect` CLI exactly as a
 * person runs it (`bin/recollect.js`, tsx loader), or a small script of this folder over the
 * production code (`reliability/child/*.ts`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Random } from "./random.js";

/** The repository root (this file lives in `reliability/`). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** A started child and how it ended. */
export interface Child {
  readonly process: ChildProcess;
  /** Resolves when it exits: the code (null when killed) and the signal (e.g. `SIGKILL`). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote to stdout and stderr so far. */
  readonly output: { stdout: string; stderr: string };
}

function start(args: readonly string[], stdin: "ignore" | "pipe"): Child {
  const child = spawn(process.execPath, [...args], {
    cwd: REPO_ROOT,
    stdio: [stdin, "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { process: child, exited, output };
}

/** Runs `recollect …args` in a child process (the real CLI entry point). */
export function startCli(args: readonly string[]): Child {
  return start([join(REPO_ROOT, "bin", "recollect.js"), ...args], "ignore");
}

/**
 * Runs `reliability/child/<name>.ts` with `args` through tsx, with a stdin pipe: the scripts
 * wait for a start line there (`child/start-signal.ts`), so several can begin at one moment.
 */
export function startScript(name: string, args: readonly string[]): Child {
  return start(
    ["--import", "tsx", join(REPO_ROOT, "reliability", "child", `${name}.ts`), ...args],
    "pipe",
  );
}

/**
 * The `kill -9` step of the crash checks: once `started` resolves true (the child's first
 * committed write), waits a uniform random share of `windowMs` (a clean run's working time) and
 * sends SIGKILL. Resolves true when the child died of the kill; false when it ended first (never
 * started, or finished before the kill landed), and then it has exited.
 */
export async function killAtRandomMoment(
  child: Child,
  started: Promise<boolean>,
  windowMs: number,
  random: Random,
): Promise<boolean> {
  if (!(await started)) {
    await child.exited;
    return false;
  }
  await new Promise((resolve) => setTimeout(resolve, random.next() * windowMs));
  child.process.kill("SIGKILL");
  return (await child.exited).signal === "SIGKILL";
}
