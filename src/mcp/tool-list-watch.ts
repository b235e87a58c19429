/**
 * `notifications/tools/list_changed` when what `tools/list` answers changes (issue 29 § Build 1):
 * the entitlement and the consents live in the settings file beside the store, which
 * `recollect settings set …` replaces by a rename, so the file's folder is watched (a watch on
 * the file itself would follow the replaced inode). After a burst of events settles, the listed
 * tool names are computed again and `onChange` runs only when they differ from the last ones, so
 * an unrelated setting (telemetry, exclude) notifies nobody.
 */
import { type FSWatcher, watch } from "node:fs";
import { basename, dirname } from "node:path";

/** Quiet time after the last file event before the tools are listed again, ms. */
export const TOOL_LIST_SETTLE_MS = 50;

/** Options of {@link watchToolList}. */
export interface ToolListWatchOptions {
  /** The settings file (null for in-memory settings: nothing to watch). */
  readonly settingsPath: string | null;
  /** The names `tools/list` would answer now; may reject (an unreadable settings file). */
  readonly listedNames: () => Promise<readonly string[]>;
  /** Called once per change of the listed names. */
  readonly onChange: () => void;
  /** One line of diagnostics (stderr). */
  readonly log: (line: string) => void;
}

/** A running watch; `close` stops it (idempotent) so the process can exit. */
export interface ToolListWatch {
  close(): void;
}

/**
 * Starts watching. The names listed at start are the baseline. A folder that cannot be watched
 * (gone, no inotify handles left) is logged once and leaves the server without notifications.
 */
export function watchToolList(options: ToolListWatchOptions): ToolListWatch {
  const { settingsPath } = options;
  if (settingsPath === null) return { close: () => undefined };
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let last: Promise<string> = options.listedNames().then(
    (names) => names.join(","),
    () => "",
  );
  const recheck = () => {
    last = last.then(async (before) => {
      if (closed) return before;
      let now: string;
      try {
        now = (await options.listedNames()).join(",");
      } catch {
        // An unreadable settings file: the next tools/list answers its error; keep the baseline.
        return before;
      }
      if (now !== before && !closed) options.onChange();
      return now;
    });
  };
  let watcher: FSWatcher | null = null;
  const file = basename(settingsPath);
  try {
    watcher = watch(dirname(settingsPath), { persistent: false }, (_event, name) => {
      if (name !== null && name !== file) return;
      clearTimeout(timer);
      timer = setTimeout(recheck, TOOL_LIST_SETTLE_MS);
    });
    watcher.on("error", () => watcher?.close());
  } catch {
    options.log("recollect mcp: cannot watch the settings file; tools/list_changed is not sent");
  }
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
