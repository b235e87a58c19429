/**
 * `recollect mcp [--app NAME] [--engine KIND]`: an MCP server on stdio for coding agents (Claude
 * Code, Cursor, Codex, any MCP host) exposing `explore_chat_history` and `read_chat` (issue 10).
 * The app is `--app`, else the project the client is working in (its roots, Claude Code's
 * `CLAUDE_PROJECT_DIR`, or the working directory) matched against the paths apps record.
 * Entitlement and consents come from the settings file beside the store, read on every request.
 * Stdout carries only the protocol; diagnostics go to stderr. Runs until the client closes stdin
 * or the process gets SIGINT/SIGTERM; then it answers the requests still running (at most
 * 30 s, `RECOLLECT_MCP_DRAIN_TIMEOUT_MS`; `mcp/drain-bound.ts`) and exits (0 after the end of
 * stdin, 130/143 after a signal), or at once on a further signal.
 */

import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Command } from "commander";
import { ENGINE_KINDS } from "../../engine/engine.js";
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { mcpDrainTimeoutMs } from "../../mcp/drain-bound.js";
import { startMcpServer } from "../../mcp/start-mcp-server.js";
import { connectTeamStore } from "../../team/connect.js";
import { teamHistoryPort } from "../../team/team-history-port.js";
import { plural } from "../../text/plural.js";
import {
  type GlobalOptions,
  globalOptions,
  requireExistingCliStore,
  storeLocationFor,
} from "../cli-context.js";
import { teamStoreFor } from "../cli-history.js";
import { onceOnlyApp } from "../once-only-option.js";
import { packageVersion } from "../package-version.js";
import { mcpRemedyWriter } from "../remedy-writer.js";
import { handleStopSignals } from "../stop-signals.js";
import { writeTerminalText } from "../terminal-text.js";
import { requireAppName } from "./apps.js";

/** Parsed `mcp` options. */
export interface McpOptions {
  app?: string;
  engine?: string;
  /** `--doctor`: diagnose instead of serving (`recollect doctor`). */
  doctor?: boolean;
}

/** Registers `recollect mcp`. Imports only what the handshake needs (see `mcp-main.ts`). */
export function registerMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description("serve explore_chat_history and read_chat to a coding agent over MCP (stdio)")
    .option(
      "--app <name>",
      "lock the server to this app (default: match the client's project)",
      onceOnlyApp,
    )
    .option("--engine <kind>", "explorer engine: offline | openai-compatible | openai | anthropic")
    .option("--doctor", "do not serve: check what would be served here (as `recollect doctor`)")
    .action(async (options: McpOptions, command: Command) => {
      if (options.doctor) {
        // Loaded only here: the server's start-up never pays for the doctor's imports.
        const { runDoctor } = await import("./doctor.js");
        await runDoctor(command, {
          ...(options.app !== undefined ? { app: options.app } : {}),
          ...(options.engine !== undefined ? { engine: options.engine } : {}),
        });
        return;
      }
      const { stopped } = handleStopSignals(command);
      await runMcp(globalOptions(command), options, stopped);
    });
}

/**
 * Serves on stdin/stdout until the client closes stdin or `stopped` resolves (the first SIGINT or
 * SIGTERM), lets the requests still running finish within the drain bound, then releases the
 * store. A second signal during the drain ends the process at once (`stop-signals.ts`).
 * @throws InvalidInputError for an unknown `--engine` (before anything is served); RecollectError
 *   when the store cannot be opened; StoreNotFoundError when `--app` is given and there is no
 *   store; AppNotFoundError for an unknown `--app`.
 */
export async function runMcp(
  global: GlobalOptions,
  options: McpOptions,
  stopped: Promise<unknown>,
): Promise<void> {
  // Without --app the server may create the store and sync the client's project into it; a
  // named app can only be in a store that exists, so none is created for it.
  const kind = options.engine;
  if (kind !== undefined && !(ENGINE_KINDS as readonly string[]).includes(kind.toLowerCase())) {
    throw new InvalidInputError("--engine", ENGINE_KINDS.join(" | "), `got ${quotedValue(kind)}`);
  }
  const team = teamStoreFor(global);
  if (options.app !== undefined) {
    requireAppName(options.app);
    // A team store holds the app; the local store then only needs to hold settings.
    if (team === null) requireExistingCliStore(global);
  }
  const store = storeLocationFor(global);
  const history =
    team === null ? undefined : teamHistoryPort(await connectTeamStore(team.url, team.origin));
  const server = await startMcpServer({
    ...(history === undefined ? {} : { history }),
    storePath: store.path,
    storeOrigin: store.origin,
    ...(options.app !== undefined ? { appName: options.app } : {}),
    ...(options.engine !== undefined ? { engineKind: options.engine } : {}),
    env: process.env,
    cwd: process.cwd(),
    transport: new StdioServerTransport(),
    log: (line) => writeTerminalText(`${line}\n`, process.stderr),
    version: packageVersion(),
    remedyWriter: mcpRemedyWriter(global),
  });
  let draining = false;
  const drain = () => {
    if (draining) return;
    draining = true;
    void server.closeAfterInFlight(mcpDrainTimeoutMs(process.env)).then((dropped) => {
      if (dropped === 0) return;
      process.stderr.write(
        `recollect mcp: exiting with ${plural(dropped, "request")} unanswered\n`,
      );
    });
  };
  // The first signal drains like the end of stdin; after stdin ended (a drain already running),
  // it ends the server at once.
  void stopped.then(() => (draining ? void server.close() : drain()));
  process.stdin.once("end", drain);
  try {
    await server.closed;
  } finally {
    process.stdin.off("end", drain);
  }
}
