import { quotedValue } from "../errors/quoted-value.js";
import { InvalidConfigurationError } from "../errors/recollect-error.js";

/**
 * `RECOLLECT_DB` holds a value that can name no store file: only spaces, or a folder's path
 * (ending in a path separator, where a file of that name would be created). Like any unusable
 * environment variable, kind `precondition` (exit 4, `InvalidConfigurationError`: `setting` and
 * `allowed`), not `invalid_input`: no argument of the command fixes it. `argument`
 * (`RECOLLECT_DB`) and `path` (the value) are those of every store path error, so a script reads
 * the same fields whatever went wrong with the path. The same value given as `--db` is a usage
 * error instead (`InvalidInputError`, exit 2).
 */
export class StorePathSettingError extends InvalidConfigurationError {
  readonly argument = "RECOLLECT_DB";
  readonly path: string;
  constructor(path: string, allowed: string, detail: string) {
    super("RECOLLECT_DB", allowed, `got ${quotedValue(path)}, ${detail}`);
    this.name = "StorePathSettingError";
    this.path = path;
  }
}
