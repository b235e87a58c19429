/**
 * The error a history tool gives without Pro, with the one command that turns Pro on — unless that
 * command cannot work where the store is: Pro lives in the settings file beside the store, and in
 * a read-only folder `settings set` cannot write it, so the error says that instead.
 */
import { accessSync, constants, existsSync } from "node:fs";
import { dirname } from "node:path";
import { PreconditionError } from "../errors/recollect-error.js";
import type { Remedy } from "../errors/remedy.js";
import { TURN_PRO_ON } from "./settings-remedies.js";

/**
 * A history tool was used without Pro. `missing` is `pro`. `settingsPath` is the settings file the
 * entitlement was read from (null for in-memory settings): Pro belongs to that file beside the
 * store, not to the database, so a `.db` copied elsewhere arrives without it — the path lets a
 * person see which file was read. Exit 4; `settings_path` under `--json`.
 */
export class ProRequiredError extends PreconditionError {
  readonly settingsPath: string | null;
  constructor(message: string, settingsPath: string | null, remedies?: readonly Remedy[]) {
    super("pro", message, remedies);
    this.name = "ProRequiredError";
    this.settingsPath = settingsPath;
  }
}

/**
 * Pro is off and cannot be turned on here: the folder of the settings file `settingsPath` (the
 * store's folder) cannot be written, so `settings set entitlement pro` would fail. `missing` is
 * `pro`; `storeReadOnly` is always true (it is what tells this error from the plain one); no
 * remedies, since the command that turns Pro on needs a writable folder first. Exit 4.
 */
export class ProLockedOffError extends ProRequiredError {
  declare readonly settingsPath: string;
  readonly storeReadOnly = true;
  constructor(requirement: string, settingsPath: string) {
    super(
      `${requirement} The store is read-only, so Pro cannot be turned on here: its settings file ${settingsPath} cannot be written. Make the store's folder writable, then turn Pro on (settings set entitlement pro).`,
      settingsPath,
    );
    this.name = "ProLockedOffError";
  }
}

/** True when a settings file at `settingsPath` can be (re)written: its folder takes new files. */
function settingsFolderIsWritable(settingsPath: string): boolean {
  // A folder not made yet is made by `settings set` (its missing folders are created), so what
  // counts is the nearest one that exists: a fresh HOME is no read-only store.
  let folder = dirname(settingsPath);
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  try {
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The error for a history tool used without Pro. `requirement` is the sentence saying what needs
 * Pro; `settingsPath` the store's settings file (null for in-memory settings, always writable).
 *
 * @returns a {@link ProRequiredError} (`missing: "pro"`, naming `settingsPath`) whose remedy turns
 *   Pro on ({@link TURN_PRO_ON}), or a {@link ProLockedOffError} when the settings file cannot be
 *   written.
 */
export function proRequiredError(
  requirement: string,
  settingsPath: string | null,
): ProRequiredError {
  if (settingsPath !== null && !settingsFolderIsWritable(settingsPath)) {
    return new ProLockedOffError(requirement, settingsPath);
  }
  return new ProRequiredError(requirement, settingsPath, [TURN_PRO_ON]);
}
