/**
 * Test helper: runs `runCli()` in-process with stdout and stderr captured, against a temp store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { vi } from "vitest";
import { runCli } from "../../main.js";

/** What one CLI run printed and returned. */
export interface CapturedRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `recollect <args…>` and returns its exit code and output. */
export async function runCaptured(args: readonly string[]): Promise<CapturedRun> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await runCli(["node", "recollect", ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** A fresh temp store path per test; `cleanup()` removes every folder made. */
export function createTempStores() {
  const dirs: string[] = [];
  return {
    path(): string {
      const dir = mkdtempSync(join(tmpdir(), "recollect-cli-"));
      dirs.push(dir);
      return join(dir, "store.db");
    },
    cleanup(): void {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
