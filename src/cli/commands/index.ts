import type { Command } from "commander";
import { registerAppsCommand } from "./apps.js";
import { registerAppsRenameCommand } from "./apps-rename.js";
import { registerChatCommand } from "./chat.js";
import { registerChatsCommand } from "./chats.js";
import { registerDemoCommand } from "./demo.js";
import { registerDoctorCommand } from "./doctor.js";
import { registerEvalCommand } from "./eval.js";
import { registerExploreCommand } from "./explore.js";
import { registerImportCommand } from "./import.js";
import { registerIndexCommand } from "./index-command.js";
import { registerMcpCommand } from "./mcp.js";
import { registerPushCommand } from "./push.js";
import { registerReadCommand } from "./read.js";
import { registerSearchCommand } from "./search.js";
import { registerServeCommand } from "./serve.js";
import { registerServerCommand } from "./server.js";
import { registerSettingsCommand } from "./settings.js";
import { registerSourcesCommand } from "./sources.js";
import { registerSyncCommand } from "./sync.js";
import { registerToolsCommand } from "./tools.js";

/**
 * Each command lives in its own file under `commands/` and exports a `register` function that
 * adds it to the root program. Add new commands here, one line each.
 */
export type RegisterCommand = (program: Command) => void;

/** Every command's `register`; `main` registers them in this order. */
export const COMMANDS: readonly RegisterCommand[] = [
  registerImportCommand,
  registerSyncCommand,
  registerSourcesCommand,
  (program) => registerAppsRenameCommand(registerAppsCommand(program)),
  registerChatsCommand,
  registerIndexCommand,
  registerSearchCommand,
  registerReadCommand,
  registerExploreCommand,
  registerDemoCommand,
  registerServeCommand,
  registerEvalCommand,
  registerToolsCommand,
  registerSettingsCommand,
  registerChatCommand,
  registerMcpCommand,
  registerPushCommand,
  registerServerCommand,
  registerDoctorCommand,
];
