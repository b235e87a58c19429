/**
 * Test helper: runs the real `recollect` executable (`bin/recollect.js`) as a child process, for
 * behaviour only a process shows: exit codes, closed pipes, concurrent processes on one store.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The CLI entry point, as `npx recollect` runs it. */
export const RECOLLECT_BIN = fileURLToPath(
  new URL("../../../../bin/recollect.js", import.meta.url),
);

/** What one child run printed and how it ended. */
export interface ChildRun {
  /** Exit code; null when a signal ended it. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runRecollectChild}. */
export interface ChildOptions {
  /** Extra environment (merged over the parent's). */
  readonly env?: Readonly<Record<string, string>>;
  /** Run as this user id (the parent must be root), e.g. to meet file permissions as root cannot. */
  readonly uid?: number | undefined;
  /** A program and its options that run the child, e.g. `setpriv` dropping capabilities. */
  readonly runner?: readonly string[] | undefined;
  /** Written to the child's stdin, which then ends; without it stdin is closed from the start. */
  readonly input?: string;
  /** Killed after this long, ms. Default 60,000. */
  readonly timeoutMs?: number;
  /** The child's working folder. Default: the parent's. */
  readonly cwd?: string;
}

/** A `recollect` child still running: its output so far and how it ends. */
export interface RunningChild {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when it exits: the exit code, or the signal that killed it (the other null). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `recollect <args…>` in a child process. Unlike {@link runRecollectChild}, stdin stays
 * open (a pipe) unless `input` is given, so a test can act on it while it runs.
 */
export function startRecollectChild(
  args: readonly string[],
  options: ChildOptions = {},
): RunningChild {
  const [program = process.execPath, ...programArgs] = [
    ...(options.runner ?? []),
    process.execPath,
  ];
  const child = spawn(program, [...programArgs, RECOLLECT_BIN, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
    timeout: options.timeoutMs ?? 60_000,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  if (options.input !== undefined) child.stdin.end(options.input);
  // Output is complete once the streams closed, after the exit itself.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code, signal }));
    },
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs `recollect <args…>` in a child process and resolves when it exits. */
export async function runRecollectChild(
  args: readonly string[],
  options: ChildOptions = {},
): Promise<ChildRun> {
  const running = startRecollectChild(args, options);
  // Without input, stdin is closed from the start, as for a command run with `< /dev/null`.
  if (options.input === undefined) running.child.stdin?.end();
  const { code } = await running.exited;
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}
