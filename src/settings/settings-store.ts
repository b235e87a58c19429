import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { RecollectError } from "../errors/recollect-error.js";
import { type Settings, settingsSchema } from "./settings-schema.js";

/**
 * Reads and writes {@link Settings}. `read()` always returns validated settings (an absent file is
 * `{}`); `update()` applies a pure change and persists it atomically.
 */
export interface SettingsStore {
  /** Where the file lives, or null for an in-memory store. */
  readonly path: string | null;
  /**
   * Current settings.
   * @throws RecollectError (`precondition`) when the file is not valid JSON or fails the schema;
   *   the message names the file and the failing key, never its content.
   */
  read(): Settings;
  /** Replaces the settings with `change(current)`, validated first; nothing is written on failure. */
  update(change: (current: Settings) => Settings): Settings;
}

function invalid(path: string, detail: string, cause?: unknown): RecollectError {
  return new RecollectError(
    "precondition",
    `The settings file ${path} is invalid (${detail}). Fix or delete it.`,
    { cause },
  );
}

function parseSettings(path: string, raw: string): Settings {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw invalid(path, "not JSON", error);
  }
  const parsed = settingsSchema.safeParse(value);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "root";
    throw invalid(path, `bad value at ${where}`);
  }
  return parsed.data;
}

function validated(path: string, settings: Settings): Settings {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "root";
    throw new RecollectError("invalid_input", `Refusing to save ${path}: bad value at ${where}.`);
  }
  return parsed.data;
}

/**
 * A settings store backed by a JSON file. Writes go to `<path>.<pid>.tmp` and are renamed over the
 * file, so a crash never leaves a half-written file. Parent folders are created on first write.
 */
export function createFileSettingsStore(path: string): SettingsStore {
  const read = (): Settings => {
    let raw: string;
    try {
      raw = readFileSync(path, "utf8");
    } catch (error) {
      // ENOTDIR: a file stands where a folder of the path should be, so no settings file can be
      // there either (the store's own open then says what is wrong with the path).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return {};
      throw new RecollectError("precondition", `Cannot read the settings file ${path}.`, {
        cause: error,
      });
    }
    return parseSettings(path, raw);
  };
  const update = (change: (current: Settings) => Settings): Settings => {
    const next = validated(path, change(read()));
    const temp = `${path}.${process.pid}.tmp`;
    mkdirSync(dirname(path), { recursive: true });
    try {
      writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { encoding: "utf8", mode: 0o600 });
      renameSync(temp, path);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new RecollectError("precondition", `Cannot write the settings file ${path}.`, {
        cause: error,
      });
    }
    return next;
  };
  return { path, read, update };
}

/** An in-memory settings store (tests, demo and eval profiles). Starts from `initial`. */
export function createMemorySettingsStore(initial: Settings = {}): SettingsStore {
  let current = validated("memory settings", initial);
  return {
    path: null,
    read: () => current,
    update(change) {
      current = validated("memory settings", change(current));
      return current;
    },
  };
}
