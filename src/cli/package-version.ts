import { readFileSync } from "node:fs";
import { z } from "zod";

const packageJsonSchema = z.object({ version: z.string() });

/** This package's version from its `package.json` (e.g. `0.1.0`); `0.0.0` if it cannot be read. */
export function packageVersion(): string {
  try {
    const text = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
    const parsed = packageJsonSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.version : "0.0.0";
  } catch {
    // An unreadable package.json only costs the version string in `initialize`.
    return "0.0.0";
  }
}
