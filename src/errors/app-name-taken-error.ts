import { quotedValue } from "./quoted-value.js";
import { InvalidInputError, LIST_APPS } from "./recollect-error.js";

/**
 * A new app name (`<new>` of `apps rename`, named by `argument`) that another app already has,
 * exactly or but for case, accents and spacing (`takenBy`, its stored name): refused, since two
 * apps would then answer the same typed name (`--app` would find the wrong one or refuse as
 * ambiguous). Kind `invalid_input` (exit 2); nothing was renamed. `takenBy` is a name of the same
 * store, which `recollect apps` lists too; the remedy lists them.
 */
export class AppNameTakenError extends InvalidInputError {
  /** The name asked for, trimmed. */
  readonly appName: string;
  /** The stored name of the app that already has `appName` (or a name differing only loosely). */
  readonly takenBy: string;
  constructor(argument: string, appName: string, takenBy: string) {
    super(
      argument,
      "a name no other app has, even ignoring case, accents and spacing",
      appName === takenBy
        ? `got ${quotedValue(appName)}; another app already has that name`
        : `got ${quotedValue(appName)}; app ${quotedValue(takenBy)} differs from it only in case, accents or spacing`,
      [LIST_APPS],
    );
    this.name = "AppNameTakenError";
    this.appName = appName;
    this.takenBy = takenBy;
  }
}
