/**
 * Which app a chat is stored under. Every chat belongs to exactly one app and retrieval never
 * crosses apps (DESIGN.md § Vocabulary), so the choice is explicit and ordered:
 *
 * 1. `--app NAME` from the caller;
 * 2. an app the file itself names (`appHint.origin === "record"`: Dyad apps, generic `app`);
 * 3. the repository in a corpus-style file name `<owner>__<repo>__<rest>` (how shared/corpus
 *    names its files, keeping provenance);
 * 4. the working directory the tool recorded (`cwd` of Claude Code, Codex, Cline);
 * 5. the project folder by layout: the folder holding `.specstory/`, or the folder of an
 *    `.aider.chat.history.md`;
 * 6. the name of the folder the file is in.
 */
import { basename, dirname, resolve, sep } from "node:path";
import type { AppToWrite } from "../store/catalog/app-writes.js";
import type { ImportedChat } from "./imported-chat.js";

/**
 * An app name and, when known, the project's path on disk. `origin: "root"` when the app is the
 * project folder `path` (a recorded cwd, the folder of `.specstory/` or of an aider history): the
 * store finds it by that root and names it after the folder, made unique. Otherwise (absent or
 * `"named"`) the name is the app's identity.
 */
export type ResolvedApp = AppToWrite;

/** Resolves the app for `chat` read from `filePath` (see the module doc for the order). */
export function resolveApp(
  filePath: string,
  chat: ImportedChat,
  appOverride: string | undefined,
): ResolvedApp {
  const hint = chat.appHint;
  if (appOverride !== undefined) return { name: appOverride, path: hint?.path ?? null };
  if (hint?.origin === "record") return { name: hint.name, path: hint.path };
  const parts = basename(filePath).split("__");
  if (parts.length >= 3 && parts[1]!.trim() !== "") return { name: parts[1]!, path: null };
  if (hint) return { name: hint.name, path: hint.path, origin: hint.path ? "root" : "named" };
  const absolute = resolve(filePath);
  const segments = absolute.split(sep);
  const specstoryAt = segments.lastIndexOf(".specstory");
  if (specstoryAt > 0) {
    const project = segments.slice(0, specstoryAt).join(sep);
    return { name: basename(project), path: project, origin: "root" };
  }
  const folder = dirname(absolute);
  if (basename(absolute) === ".aider.chat.history.md")
    return { name: basename(folder), path: folder, origin: "root" };
  return fallbackApp(absolute);
}

/**
 * The fallback app of a file (step 6): named after the folder the file is in, no project path.
 * A chat put there before its project was known is moved to its project's app by a later write
 * that knows it (`write-chats.ts`).
 */
export function fallbackApp(filePath: string): ResolvedApp {
  return { name: basename(dirname(resolve(filePath))) || "default", path: null };
}
