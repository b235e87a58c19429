/**
 * Whether a store path, and every file that goes with the store (its WAL and shared-memory files,
 * settings and telemetry), fits the file system's limits, so a path that can never be created is
 * refused before anything is tried (not reported later as a raw `ENAMETOOLONG` from whichever file
 * came first).
 */
import { basename, resolve, sep } from "node:path";
import { SETTINGS_FILE_SUFFIX } from "../settings/settings-path.js";
import { storeCompanionPath } from "../store/companion-path.js";
import { TELEMETRY_FILE_SUFFIX } from "../telemetry/telemetry-sink.js";

/** Bytes a single file or folder name may take: Linux's `NAME_MAX` (limits.h), as on macOS. */
export const NAME_MAX_BYTES = 255;
/** Bytes a whole absolute path may take: Linux's `PATH_MAX` (4,096 with its closing NUL). */
export const PATH_MAX_BYTES = 4095;

/** The store's own file and each file made beside it, absolute. */
function storeFiles(path: string): string[] {
  const absolute = resolve(path);
  return [
    absolute,
    `${absolute}-wal`,
    `${absolute}-shm`,
    storeCompanionPath(absolute, SETTINGS_FILE_SUFFIX),
    storeCompanionPath(absolute, TELEMETRY_FILE_SUFFIX),
  ];
}

/**
 * What makes `path` too long to hold a store, in words without the path itself ("a name of 5,006
 * bytes (at most 255)"), or null when it and its companion files fit. Sizes are UTF-8 bytes.
 */
export function storePathExcess(path: string): string | null {
  const bytes = (text: string) => Buffer.byteLength(text, "utf8");
  const files = storeFiles(path);
  const longestPath = Math.max(...files.map(bytes));
  if (longestPath > PATH_MAX_BYTES) {
    return `a path of ${longestPath.toLocaleString("en-US")} bytes with its companion files (at most ${PATH_MAX_BYTES.toLocaleString("en-US")})`;
  }
  const names = files.flatMap((file) => [...file.split(sep), basename(file)]);
  const longestName = Math.max(...names.map(bytes));
  if (longestName > NAME_MAX_BYTES) {
    return `a name of ${longestName.toLocaleString("en-US")} bytes with its companion files' suffixes (at most ${NAME_MAX_BYTES} a name)`;
  }
  return null;
}
