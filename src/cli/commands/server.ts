/**
 * `recollect server init|grant|revoke --store postgres://…` (issue 32): an administrator sets up a
 * team store (schema, the member role, row level security; idempotent) and decides which member
 * sees which app. Run as a role that owns the database and may create roles.
 */
import type { Command } from "commander";
import { PreconditionError } from "../../errors/recollect-error.js";
import { connectTeamStore, type TeamConnection } from "../../team/connect.js";
import { grantApp, initTeamStore, parseMemberName, revokeApp } from "../../team/team-admin.js";
import { globalOptions } from "../cli-context.js";
import { teamStoreFor } from "../cli-history.js";
import { writeAnswer } from "../write-answer.js";
import { requireAppName } from "./apps.js";

/** The team store of `--store`/`RECOLLECT_STORE`, connected; refused when neither names one. */
async function adminConnection(command: Command): Promise<TeamConnection> {
  const choice = teamStoreFor(globalOptions(command));
  if (choice === null) {
    throw new PreconditionError(
      "--store",
      "recollect server works on a team store: give --store postgres://USER@HOST/DATABASE (or set RECOLLECT_STORE).",
    );
  }
  return connectTeamStore(choice.url, choice.origin);
}

/** Registers `recollect server` and its subcommands. */
export function registerServerCommand(program: Command): void {
  const server = program
    .command("server")
    .description(
      "administer a team's PostgreSQL store: init, grant, revoke (needs --store postgres://…)",
    );
  server
    .command("init")
    .description(
      "create or update the schema, the recollect_member role and its policies (idempotent)",
    )
    .action(async (_options: unknown, command: Command) => {
      const team = await adminConnection(command);
      try {
        const result = await initTeamStore(team);
        await writeAnswer(command, result, () =>
          result.applied.length === 0
            ? `The team store is up to date (schema version ${result.version}).\n`
            : `Set up the team store: applied migrations ${result.applied.join(", ")} (schema version ${result.version}).\n`,
        );
      } finally {
        await team.close();
      }
    });
  for (const verb of ["grant", "revoke"] as const) {
    server
      .command(verb)
      .description(
        verb === "grant"
          ? "let MEMBER (a database role, created when missing) see and push app APP"
          : "take app APP away from MEMBER: it is then not found for them anywhere",
      )
      .argument("<app>", "the app's name on the team store")
      .argument("<member>", "the member's database role")
      .action(async (app: string, member: string, _options: unknown, command: Command) => {
        const appName = requireAppName(app, "APP");
        parseMemberName(member);
        const team = await adminConnection(command);
        try {
          const change =
            verb === "grant"
              ? await grantApp(team, appName, member)
              : await revokeApp(team, appName, member);
          await writeAnswer(command, change, () =>
            change.changed
              ? `${verb === "grant" ? "Granted" : "Revoked"} ${change.app} ${verb === "grant" ? "to" : "from"} ${change.member}.\n`
              : `Nothing to change: ${change.member} ${verb === "grant" ? "already has" : "does not have"} ${change.app}.\n`,
          );
        } finally {
          await team.close();
        }
      });
  }
}
