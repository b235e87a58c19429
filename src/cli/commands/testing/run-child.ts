/**
 * Test helper: runs the real `recollect` executable (`bin/recollect.js`) as a child process, for
 * behaviour only a process shows: exit codes, closed pipes, concurrent processes on one store.
 */
import { spawn } from "node:child_process";
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

/** Runs `recollect <args…>` in a child process and resolves when it exits. */
export function runRecollectChild(
  args: readonly string[],
  options: ChildOptions = {},
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const [program = process.execPath, ...programArgs] = [
      ...(options.runner ?? []),
      process.execPath,
    ];
    const child = spawn(program, [...programArgs, RECOLLECT_BIN, ...args], {
      env: { ...process.env, ...options.env },
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 60_000,
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdin?.end(options.input);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
