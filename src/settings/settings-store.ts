import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { z } from "zod";
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
   *   the message names the file and the failing key, never its content; SettingsFileError when it
   *   cannot be read (an absent file is no error).
   */
  read(): Settings;
  /**
   * The settings a change starts from: `read()`, or, for a file whose JSON object holds a value
   * the schema refuses, that object as it stands, so that setting the key repairs it
   * (`"entitlement": "platinum"`, then `settings set entitlement pro`). Not validated: never use
   * it as settings in force.
   * @throws `read()`'s errors for a file that cannot be read or is no JSON object.
   */
  readEditable(): Settings;
  /**
   * Replaces the settings with `change(readEditable())`, validated first; nothing is written on
   * failure.
   * @throws SettingsFileError when the file cannot be written; RecollectError (`invalid_input`)
   *   when the result is still invalid, or `read()`'s errors for a file that is no JSON object.
   */
  update(change: (current: Settings) => Settings): Settings;
}

/**
 * The settings file could not be read or written (`precondition`, exit 4). `path` names the file;
 * the message says why in words for the file system's codes a person can act on (permission
 * denied, a folder in its place, an I/O error), else the system's own words. The raw error is the
 * `cause`.
 */
export class SettingsFileError extends RecollectError {
  readonly path: string;
  constructor(path: string, access: "read" | "write", cause: unknown) {
    super("precondition", `Cannot ${access} the settings file ${path}: ${failure(cause, access)}`, {
      cause,
    });
    this.name = "SettingsFileError";
    this.path = path;
  }
}

function failure(error: unknown, access: "read" | "write"): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM")
    return `this user may not ${access} it (permission denied). Check the file's owner and mode, and its folder's.`;
  if (code === "EISDIR") return "a folder stands where the file should be. Move the folder away.";
  if (code === "EIO") return "the disk reported an I/O error.";
  if (code === "EROFS") return "the file system is read-only.";
  return error instanceof Error ? error.message : String(error);
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
  if (!parsed.success) throw invalid(path, badValue(parsed.error.issues[0]));
  return parsed.data;
}

/**
 * Where the first schema issue is and, for a setting with a fixed set of values, which ones are
 * allowed ("bad value at entitlement; allowed: pro, free"): the schema's words, never the file's.
 */
function badValue(issue: z.core.$ZodIssue | undefined): string {
  const where = issue?.path.join(".") || "root";
  const allowed = issue?.code === "invalid_value" ? issue.values.map(String).join(", ") : "";
  return `bad value at ${where}${allowed ? `; allowed: ${allowed}` : ""}`;
}

function validated(path: string, settings: Settings): Settings {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    throw new RecollectError(
      "invalid_input",
      `Refusing to save ${path}: ${badValue(parsed.error.issues[0])}.`,
    );
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
      throw new SettingsFileError(path, "read", error);
    }
    return parseSettings(path, raw);
  };
  // A value the schema refuses is what `settings set` is there to fix ("platinum" → pro): the
  // change applies to the file's own object, and the result is validated before it is written.
  const readEditable = (): Settings => {
    try {
      return read();
    } catch (error) {
      // Only a file that was read and refused by the schema is edited as it stands.
      if (error instanceof SettingsFileError) throw error;
      const raw = readFileSync(path, "utf8");
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        throw error;
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw error;
      return value as Settings;
    }
  };
  const update = (change: (current: Settings) => Settings): Settings => {
    const next = validated(path, change(readEditable()));
    const temp = `${path}.${process.pid}.tmp`;
    mkdirSync(dirname(path), { recursive: true });
    try {
      writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { encoding: "utf8", mode: 0o600 });
      renameSync(temp, path);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new SettingsFileError(path, "write", error);
    }
    return next;
  };
  return { path, read, readEditable, update };
}

/** An in-memory settings store (tests, demo and eval profiles). Starts from `initial`. */
export function createMemorySettingsStore(initial: Settings = {}): SettingsStore {
  let current = validated("memory settings", initial);
  return {
    path: null,
    read: () => current,
    readEditable: () => current,
    update(change) {
      current = validated("memory settings", change(current));
      return current;
    },
  };
}
