/**
 * `recollect push --to postgres://… [--app NAME] [--machine NAME] [--watch]` (issue 32): uploads
 * the local store's apps to a team store as the connected member — their projection only,
 * incrementally (`team/push/push-history.ts`); `--watch` keeps pushing as the store changes
 * (`team/push/watch-push.ts`). Prints counts, never text.
 */
import { hostname } from "node:os";
import type { Command } from "commander";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { storeDataVersion } from "../../store/data-version.js";
import type { Store } from "../../store/open-store.js";
import { connectTeamStore, type TeamConnection } from "../../team/connect.js";
import { type PushResult, pushHistory } from "../../team/push/push-history.js";
import { watchPush } from "../../team/push/watch-push.js";
import { isPostgresUrl, parseStoreUrl, STORE_URL_ALLOWED } from "../../team/store-url.js";
import { plural } from "../../text/plural.js";
import { globalOptions, openExistingCliStore } from "../cli-context.js";
import { onceOnlyApp } from "../once-only-option.js";
import { handleStopSignals } from "../stop-signals.js";
import { writeTerminalText } from "../terminal-text.js";
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
    .option("--app <name>", "push only this app (default: every app)", onceOnlyApp)
    .option(
      "--machine <name>",
      "this machine's name in provenance (default: $RECOLLECT_MACHINE or the host name)",
    )
    .option("--watch", "keep running: push again whenever the local store changes (Ctrl-C stops)")
    .action(async (options: PushOptions, command: Command) => {
      const { signal } = handleStopSignals(command);
      const global = globalOptions(command);
      if (!isPostgresUrl(options.to)) {
        throw new InvalidInputError(
          "--to",
          STORE_URL_ALLOWED.replace(", or a store file path", ""),
        );
      }
      parseStoreUrl(options.to, "--to");
      const machine = machineName(options.machine);
      if (options.app !== undefined) requireAppName(options.app);
      using store = openExistingCliStore(global);
      const appId = options.app === undefined ? undefined : requireApp(store.db, options.app).id;
      const only = appId === undefined ? {} : { appId };
      if (options.watch) {
        await watchUntilStopped(store, options.to, { machine, signal, ...only }, global.json);
        return;
      }
      const team = await connectTeamStore(options.to, "--to");
      try {
        const result = await pushHistory({ store, team, machine, signal, ...only });
        await writeAnswer(command, result, () => formatPush(result));
      } finally {
        await team.close();
      }
    });
}

/** Parsed `push` options. */
interface PushOptions {
  to: string;
  app?: string;
  machine?: string;
  watch?: boolean;
}

/**
 * `--watch`: the first push prints its full report, later ones only when they moved a chat (one
 * JSON object per line with `--json`); a failure prints one stderr line with the wait before
 * its retry (`team/push/watch-push.ts`). The connection is made by the first push that succeeds
 * in making it, so a server down at the start is waited for too. Returns once `signal` aborts;
 * the run then ends with 130/143 (`stop-signals.ts`).
 */
async function watchUntilStopped(
  store: Store,
  url: string,
  push: { machine: string; signal: AbortSignal; appId?: number },
  json: boolean | undefined,
): Promise<void> {
  let team: TeamConnection | null = null;
  process.stderr.write("pushing as the local store changes (Ctrl-C stops)\n");
  try {
    await watchPush({
      push: async () => {
        team ??= await connectTeamStore(url, "--to");
        return pushHistory({ store, team, ...push });
      },
      marker: () => storeDataVersion(store.db),
      signal: push.signal,
      onPushed: (result, first) => {
        const moved = result.apps.some((app) => app.chatsPushed + app.chatsTombstoned > 0);
        if (!first && !moved) return;
        if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
        else writeTerminalText(formatPush(result));
      },
      onFailed: (error, retryMs) =>
        writeTerminalText(
          `recollect push: ${error.message} Retrying in ${Math.round(retryMs / 1000)} s.\n`,
          process.stderr,
        ),
    });
  } finally {
    await (team as TeamConnection | null)?.close();
  }
}
