import { FILL_STORE, RecollectError } from "../errors/recollect-error.js";
import type { StorePathOrigin } from "../store/store-location.js";

/**
 * A command that only reads was pointed at a path with no store (missing, an empty file, or an
 * empty SQLite file): it says so instead of creating one there. `argument` names where the path
 * came from (`--db`, `RECOLLECT_DB`, or `default`); `path` is the path. Kind `not_found` (exit 3);
 * its remedies are `import` and `sync`, which fill the store.
 */
export class StoreNotFoundError extends RecollectError {
  readonly path: string;
  readonly argument: StorePathOrigin;
  constructor(path: string, origin: StorePathOrigin) {
    super(
      "not_found",
      origin === "default"
        ? `There is no Recollect store yet at ${path} (the default store; --db or RECOLLECT_DB choose another); nothing was created. Fill it first.`
        : `There is no Recollect store at ${path} (${origin}); nothing was created. Give ${origin} the path of an existing store, or fill this one first.`,
      { remedies: FILL_STORE },
    );
    this.name = "StoreNotFoundError";
    this.path = path;
    this.argument = origin;
  }
}
