/**
 * `recollect push --to postgres://… [--app NAME] [--machine NAME]` (issue 32): uploads the local
 * store's apps to a team store as the connected member — their projection only, incrementally
 * (`team/push/push-history.ts`). Prints counts, never text.
 */
import { hostname } from "node:os";
import type { Command } from "commander";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { connectTeamStore } from "../../team/connect.js";
import { type PushResult, pushHistory } from "../../team/push/push-history.js";
import { isPostgresUrl, STORE_URL_ALLOWED } from "../../team/store-url.js";
import { plural } from "../../text/plural.js";
import { globalOptions, openExistingCliStore } from "../cli-context.js";
import { handleStopSignals } from "../stop-signals.js";
import { writeAnswer } from "../write-answer.js";
import { requireApp, requireAppName } from "./apps.js";

/** This machine's name in provenance: `--machine`, else `RECOLLECT_MACHINE`, else the host name. */
export function machineName(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const name = (flag ?? env.RECOLLECT_MACHINE ?? hostname()).trim();
  if (name === "" || name.length > 200) {
    throw new InvalidInputError("--machine", "a machine name of 1 to 200 characters");
  }
  return name;
}

/** Human lines: one per app with what moved. */
export function formatPush(result: PushResult): string {
  const lines = [`Pushed as ${result.member} from ${result.machine}:`];
  for (const app of result.apps) {
    if (app.refused === "not_granted") {
      lines.push(
        `  ${app.name}: not pushed — the team store's app is not granted to ${result.member}`,
      );
      continue;
    }
    const matched = app.gitRemote === null ? "by name" : `by ${app.gitRemote}`;
    lines.push(
      `  ${app.name} (matched ${matched}): ${plural(app.chatsPushed, "chat")} pushed, ${plural(app.chatsUnchanged, "unchanged chat")}, ${plural(app.chatsTombstoned, "chat")} deleted; ${plural(app.messagesInserted, "message")} sent, ${plural(app.messagesRemoved, "message")} removed`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Registers `recollect push`. */
export function registerPushCommand(program: Command): void {
  program
    .command("push")
    .description("upload this store's apps (their projection) to a team's PostgreSQL store")
    .requiredOption("--to <url>", "the team store, postgres://USER@HOST/DATABASE")
    .option("--app <name>", "push only this app (default: every app)")
    .option(
      "--machine <name>",
      "this machine's name in provenance (default: $RECOLLECT_MACHINE or the host name)",
    )
    .action(async (options: { to: string; app?: string; machine?: string }, command: Command) => {
      const { signal } = handleStopSignals(command);
      const global = globalOptions(command);
      if (!isPostgresUrl(options.to)) {
        throw new InvalidInputError(
          "--to",
          STORE_URL_ALLOWED.replace(", or a store file path", ""),
        );
      }
      const machine = machineName(options.machine);
      if (options.app !== undefined) requireAppName(options.app);
      using store = openExistingCliStore(global);
      const appId = options.app === undefined ? undefined : requireApp(store.db, options.app).id;
      const team = await connectTeamStore(options.to, "--to");
      try {
        const result = await pushHistory({
          store,
          team,
          machine,
          signal,
          ...(appId === undefined ? {} : { appId }),
        });
        await writeAnswer(command, result, () => formatPush(result));
      } finally {
        await team.close();
      }
    });
}
