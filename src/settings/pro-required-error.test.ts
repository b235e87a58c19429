/**
 * proRequiredError's remedy: turn Pro on where the settings can be written, including a folder not
 * made yet, which `settings set` creates (a fresh HOME is no read-only store). The locked-off case
 * is covered with dropped privileges in `cli/commands/read-only-store.test.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ProLockedOffError, proRequiredError } from "./pro-required-error.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), "recollect-pro-"));
  folders.push(made);
  return made;
}

describe("proRequiredError", () => {
  it("a settings file in folders not made yet can be written: turn Pro on", () => {
    const path = join(folder(), "fresh-home", ".local", "share", "recollect", "settings.json");
    const error = proRequiredError("Exploring chat history requires Pro.", path);
    expect(error).not.toBeInstanceOf(ProLockedOffError);
  });
});
