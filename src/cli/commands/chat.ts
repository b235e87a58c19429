/**
 * `recollect chat --app NAME [--mode agent|ask|plan] [--engine KIND] [--free-model]
 * [--entitlement pro|free]`: a terminal conversation with the primary agent about one app.
 *
 * With the offline engine (the default), the primary agent is the transparent rule-based router:
 * recall questions go to `explore_chat_history` and the answer is written from its report. With a
 * hosted engine (`RECOLLECT_ENGINE*` variables or `--engine`), the Engine's model is the primary
 * model too. `--free-model` simulates a primary model outside the Engine: the whole history
 * surface is removed. Entitlement and consents come from the settings file beside the store
 * (`recollect settings`), unless `--entitlement` overrides the entitlement for this session.
 */

import type { Command } from "commander";
import { fixedEntitlement, settingsEntitlement } from "../../agent/entitlement/index.js";
import { createOfflineRouterModel } from "../../agent/primary/offline-router-model.js";
import { runChatSession } from "../../agent/primary/terminal/chat-session.js";
import { AGENT_MODES, isAgentMode } from "../../contracts/agent-mode.js";
import { ENGINE_KINDS } from "../../engine/index.js";
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError } from "../../errors/recollect-error.js";
import {
  ENTITLEMENT_VALUES,
  isTelemetryOn,
  settingsStoreForStorePath,
  TURN_PRO_ON,
} from "../../settings/index.js";
import { telemetrySinkForStorePath } from "../../telemetry/index.js";
import { globalOptions, openExistingCliStore, storePathFor } from "../cli-context.js";
import { onceOnlyApp } from "../once-only-option.js";
import { cliRemedyWriter } from "../remedy-writer.js";
import { handleStopSignals } from "../stop-signals.js";
import { terminalText } from "../terminal-text.js";
import { requireApp } from "./apps.js";
import { engineForCli } from "./explore.js";

interface ChatFlags {
  app: string;
  mode: string;
  engine?: string;
  freeModel?: boolean;
  entitlement?: string;
}

/** Registers `recollect chat`. */
export function registerChatCommand(program: Command): void {
  program
    .command("chat")
    .description("talk with the primary agent about an app's earlier chats (Ctrl-C cancels a turn)")
    .requiredOption("--app <name>", "the app to talk about (see `recollect apps`)", onceOnlyApp)
    .option("--mode <mode>", `one of ${AGENT_MODES.join(" | ")}`, "agent")
    .option("--engine <kind>", `model engine: ${ENGINE_KINDS.join(" | ")} (default offline)`)
    .option("--free-model", "the primary model does not run through the Engine (no history tools)")
    .option("--entitlement <value>", `${ENTITLEMENT_VALUES.join(" | ")} for this session`)
    .action(async (flags: ChatFlags, command: Command) => {
      const { signal } = handleStopSignals(command);
      const global = globalOptions(command);
      if (!isAgentMode(flags.mode)) {
        throw new InvalidInputError(
          "--mode",
          AGENT_MODES.join(" | "),
          `got ${quotedValue(flags.mode)}`,
        );
      }
      if (
        flags.entitlement !== undefined &&
        flags.entitlement !== "pro" &&
        flags.entitlement !== "free"
      ) {
        throw new InvalidInputError(
          "--entitlement",
          ENTITLEMENT_VALUES.join(" | "),
          `got ${quotedValue(flags.entitlement)}`,
        );
      }
      const engine = engineForCli(flags.engine);
      const storePath = storePathFor(global);
      using store = openExistingCliStore(global);
      const app = requireApp(store.db, flags.app);
      const settings = settingsStoreForStorePath(storePath);
      await runChatSession({
        store,
        appId: app.id,
        appName: app.name,
        mode: flags.mode,
        freeModelMode: flags.freeModel === true,
        entitlement:
          flags.entitlement === undefined
            ? settingsEntitlement(settings)
            : fixedEntitlement(flags.entitlement),
        settings,
        telemetry: telemetrySinkForStorePath(storePath, () => isTelemetryOn(settings.read())),
        engine,
        model: engine.kind === "offline" ? createOfflineRouterModel() : engine.languageModel(),
        input: process.stdin,
        output: process.stdout,
        showText: terminalText,
        terminal: process.stdin.isTTY === true,
        turnProOnCommand: cliRemedyWriter(global)(TURN_PRO_ON),
        stopSignal: signal,
      });
    });
}
