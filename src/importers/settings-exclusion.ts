/**
 * The `exclude` setting as an exclusion. The setting is checked when `settings set exclude` writes
 * it, but a file written by hand or by an older Recollect may still hold a glob that does not
 * compile; the error then says the glob came from the settings file, not from `--exclude`.
 */
import { InvalidInputError } from "../errors/recollect-error.js";
import { CLEAR_EXCLUDE, InvalidStoredSettingError, type SettingsStore } from "../settings/index.js";
import { createPathExclusion, type PathExclusion } from "./path-exclusion.js";

/**
 * Compiles the `exclude` globs of `settings` (none stored: an exclusion of nothing).
 *
 * @throws InvalidStoredSettingError (`precondition`, `setting: "exclude"`, the settings file's
 *   path, what a glob may be, and the `settings set exclude []` remedy) for a glob
 *   {@link createPathExclusion} refuses.
 * @throws RecollectError (`precondition`) when the settings file itself cannot be read or parsed.
 */
export function settingsExclusion(settings: SettingsStore): PathExclusion {
  const globs = settings.read().exclude ?? [];
  try {
    return createPathExclusion(globs, "exclude");
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    throw new InvalidStoredSettingError({
      setting: "exclude",
      settingsPath: settings.path,
      allowed: error.allowed,
      detail: error.detail,
      remedies: [CLEAR_EXCLUDE],
    });
  }
}
