import { InvalidConfigurationError } from "../errors/recollect-error.js";
import type { Remedy } from "../errors/remedy.js";

/**
 * A value already in the settings file that a command cannot use, though the file itself parses:
 * e.g. an `exclude` glob written by hand or by an older Recollect that `import` cannot compile.
 * `setting` is the key (`exclude`), `settingsPath` the file it was read from (null for in-memory
 * settings), `allowed` what the key may hold. Kind `precondition` (exit 4, as for any unusable
 * configuration): no argument of the failing command fixes it, `remedies` (a `settings set`) do.
 * The message names the file and the key, so the person does not look for it among the flags.
 */
export class InvalidStoredSettingError extends InvalidConfigurationError {
  readonly settingsPath: string | null;
  constructor(options: {
    readonly setting: string;
    readonly settingsPath: string | null;
    readonly allowed: string;
    readonly detail?: string | undefined;
    readonly remedies: readonly Remedy[];
  }) {
    const { setting, settingsPath, allowed, detail, remedies } = options;
    super(setting, allowed, detail, remedies);
    this.name = "InvalidStoredSettingError";
    this.settingsPath = settingsPath;
    const where = settingsPath === null ? "the settings" : `the settings file ${settingsPath}`;
    this.message = `Invalid ${setting} in ${where}: expected ${allowed}${detail ? ` (${detail})` : ""}.`;
  }
}
