/**
 * Test helper: what a folder holds, as file name → sha256 of its bytes, so a test can show that
 * a command refused bad input and changed or created nothing there.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every regular file directly in `dir` with the sha256 (hex) of its content, by name. */
export function folderSnapshot(dir: string): Record<string, string> {
  const snapshot: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = readFileSync(join(dir, entry.name));
    snapshot[entry.name] = createHash("sha256").update(bytes).digest("hex");
  }
  return snapshot;
}
