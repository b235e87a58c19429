import { quotedValue } from "../errors/quoted-value.js";
import { InvalidConfigurationError } from "../errors/recollect-error.js";
import type { StorePathVariable } from "../store/store-location.js";

/**
 * `RECOLLECT_DB` (or `RECOLLECT_STORE` set to a path) holds a value that can name no store file:
 * only spaces, or a folder's path (ending in a path separator, where a file of that name would be
 * created). Like any unusable environment variable, kind `precondition` (exit 4,
 * `InvalidConfigurationError`: `setting` and `allowed`), not `invalid_input`: no argument of the
 * command fixes it. `argument` (the variable) and `path` (the value) are those of every store
 * path error, so a script reads the same fields whatever went wrong with the path. The same value
 * given as `--db` is a usage error instead (`InvalidInputError`, exit 2).
 */
export class StorePathSettingError extends InvalidConfigurationError {
  readonly argument: StorePathVariable;
  readonly path: string;
  constructor(variable: StorePathVariable, path: string, allowed: string, detail: string) {
    super(variable, allowed, `got ${quotedValue(path)}, ${detail}`);
    this.argument = variable;
    this.name = "StorePathSettingError";
    this.path = path;
  }
}
