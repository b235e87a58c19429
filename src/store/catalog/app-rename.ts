/**
 * Renames an app. An app's name lives only in `apps.name` (chats, plans, roots and the search
 * index refer to the app by id), so a rename is one UPDATE and every chat stays where it was.
 */
import type Database from "better-sqlite3";
import { AppNameTakenError } from "../../errors/app-name-taken-error.js";
import { writeTransaction } from "../write-transaction.js";
import { otherAppNamedAlike, resolveAppName } from "./app-lookup.js";

/** What {@link renameApp} renames, and how the errors name each name's source. */
export interface RenameAppOptions {
  /** The app's current name as typed (trimmed by the caller), looked up as `--app` is. */
  readonly from: string;
  /** The new name, trimmed and non-empty (the caller checks, as for any app name). */
  readonly to: string;
  /** The argument `from` came from, named by its errors (the CLI's `<old>`). */
  readonly fromArgument: string;
  /** The argument `to` came from, named by its errors (the CLI's `<new>`). */
  readonly toArgument: string;
}

/** The renamed app: its id, its name before and its name now. */
export interface RenamedApp {
  readonly id: number;
  readonly oldName: string;
  readonly name: string;
}

/**
 * Renames the app `from` selects to `to`, in one write transaction (lookup, check and UPDATE
 * together, so no other writer slips an app of that name in between). Renaming an app to its own
 * name, or to it in another case or spelling of accents, is allowed.
 *
 * @throws AmbiguousAppNameError (`invalid_input`, `fromArgument`) or AppNotFoundError
 *   (`not_found`, `argument` `fromArgument`, with suggestions) when `from` selects no one app, as
 *   `--app` would; AppNameTakenError (`invalid_input`, `toArgument`) when another app is named
 *   `to`, exactly or but for case, accents and spacing. Nothing is written then.
 */
export function renameApp(db: Database.Database, options: RenameAppOptions): RenamedApp {
  const update = db.prepare<[string, number]>("UPDATE apps SET name = ? WHERE id = ?");
  return writeTransaction(db, (): RenamedApp => {
    const app = resolveAppName(db, options.from, options.fromArgument);
    const takenBy = otherAppNamedAlike(db, options.to, app.id);
    if (takenBy !== null) throw new AppNameTakenError(options.toArgument, options.to, takenBy);
    update.run(options.to, app.id);
    return { id: app.id, oldName: app.name, name: options.to };
  })();
}
