/**
 * `recollect apps rename OLD NEW`: gives an app another name. OLD selects the app as `--app`
 * does (exact, else ignoring case, accents and spacing, else "did you mean"); NEW follows the rule
 * of every app name (trimmed, not empty) and may not be another app's name, even loosely. Every
 * chat stays in the app: only its name changes. Not a Pro command, as `apps` is not.
 */
import type { Command } from "commander";
import { quotedValue } from "../../errors/quoted-value.js";
import { renameApp } from "../../store/catalog/app-rename.js";
import { globalOptions, openExistingCliStore } from "../cli-context.js";
import { writeAnswer } from "../write-answer.js";
import { requireAppName, requireNewAppName } from "./apps.js";

/** The `--json` output of `apps rename`. */
export interface AppRenameJson {
  readonly id: number;
  readonly old_name: string;
  readonly name: string;
}

/**
 * Registers `apps rename <old> <new>` under the `apps` command.
 * Errors: InvalidInputError (`<old>`/`<new>`, exit 2) for a blank name, or a new one over 200
 * characters or holding a control or line-breaking character; AmbiguousAppNameError
 * (`<old>`, exit 2) or AppNotFoundError (`argument` `<old>`, exit 3) when OLD selects no one app;
 * AppNameTakenError (`<new>`, exit 2) when another app has NEW; StoreNotFoundError (exit 3) when
 * there is no store. Nothing is written on any of them.
 */
export function registerAppsRenameCommand(apps: Command): void {
  apps
    .command("rename")
    .description("rename an app; its chats stay in it")
    .argument("<old>", "the app's name, as --app takes it")
    .argument("<new>", "its new name (no other app's, even ignoring case, accents and spacing)")
    .action(async (old: string, next: string, _options: unknown, command: Command) => {
      const global = globalOptions(command);
      // Both names are checked before the store is opened, as flags are.
      const from = requireAppName(old, "<old>");
      const to = requireNewAppName(next, "<new>");
      using store = openExistingCliStore(global);
      const renamed = renameApp(store.db, { from, to, fromArgument: "<old>", toArgument: "<new>" });
      const output: AppRenameJson = {
        id: renamed.id,
        old_name: renamed.oldName,
        name: renamed.name,
      };
      await writeAnswer(
        command,
        output,
        () => `Renamed app ${quotedValue(renamed.oldName)} to ${quotedValue(renamed.name)}.\n`,
      );
    });
}
