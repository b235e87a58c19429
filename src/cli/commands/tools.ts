/**
 * `recollect tools --mode agent|ask|plan [--entitlement pro|free] [--free-model] [--json]`: prints
 * the exact toolset a primary-agent turn in that context gets (names, consent in force,
 * descriptions), and which tools were removed and why. Entitlement and consents come from the
 * settings file beside the store unless `--entitlement` overrides the entitlement.
 */

import type { Command } from "commander";
import { buildToolSet, type ToolRemovalReason } from "../../agent/build-tool-set.js";
import type { AgentContext } from "../../agent/context.js";
import {
  fixedEntitlement,
  isProEntitlement,
  settingsEntitlement,
} from "../../agent/entitlement/index.js";
import { INTERNAL_TOOL_DEFINITIONS, TOOL_DEFINITIONS } from "../../agent/tools/registry.js";
import { AGENT_MODES, type AgentMode, isAgentMode } from "../../contracts/agent-mode.js";
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError } from "../../errors/recollect-error.js";
import {
  ENTITLEMENT_VALUES,
  type Entitlement,
  settingsStoreForStorePath,
} from "../../settings/index.js";
import { openStore, requireStoreFile } from "../../store/open-store.js";
import { globalOptions, printJson, storeLocationFor } from "../cli-context.js";
import { writeFinalAnswer } from "../stop-signals.js";

/** Human text for each removal reason. */
const REASON_TEXT: Readonly<Record<ToolRemovalReason, string>> = {
  internal_only: "internal to explore_chat_history, never given to the primary agent",
  consent_never: "consent is never",
  mode: "not available in this mode",
  not_pro: "needs Pro",
  free_model: "removed in free-model mode (the whole history surface)",
  disabled: "disabled in this context",
};

/** The printed toolset. */
export interface ToolsReport {
  readonly mode: AgentMode;
  readonly entitlement: Entitlement;
  readonly freeModelMode: boolean;
  readonly tools: ReadonlyArray<{
    readonly name: string;
    readonly consent: "always" | "ask";
    readonly description: string;
    readonly usesEngineEndpoint: boolean;
    readonly modifiesState: boolean;
  }>;
  readonly removed: ReadonlyArray<{ readonly name: string; readonly reason: ToolRemovalReason }>;
}

/** Options of {@link toolsReport}. */
export interface ToolsReportOptions {
  readonly mode: AgentMode;
  readonly entitlement: Entitlement;
  readonly freeModelMode: boolean;
  readonly consents: Readonly<Record<string, "always" | "ask" | "never">> | undefined;
}

/**
 * Computes the toolset for a context. Uses a private in-memory store for the `AgentContext`
 * (exposure depends only on entitlement, mode, consent and model mode, never on history).
 */
export function toolsReport(options: ToolsReportOptions): ToolsReport {
  using store = openStore({ path: ":memory:" });
  const ctx: AgentContext = {
    store,
    appId: 0,
    chatId: null,
    messageId: null,
    isPro: isProEntitlement(fixedEntitlement(options.entitlement)),
    abortSignal: new AbortController().signal,
  };
  const built = buildToolSet(ctx, {
    mode: options.mode,
    freeModelMode: options.freeModelMode,
    consents: options.consents,
    definitions: [...TOOL_DEFINITIONS, ...INTERNAL_TOOL_DEFINITIONS],
  });
  return {
    mode: options.mode,
    entitlement: options.entitlement,
    freeModelMode: options.freeModelMode,
    tools: built.tools.map((entry) => ({
      name: entry.definition.name,
      consent: entry.consent,
      description: entry.definition.description,
      usesEngineEndpoint: entry.definition.usesEngineEndpoint,
      modifiesState: entry.definition.modifiesState,
    })),
    removed: built.removed,
  };
}

/** Readable text of a {@link ToolsReport}. */
export function formatToolsReport(report: ToolsReport): string {
  const lines = [
    `Toolset for mode ${report.mode} · entitlement ${report.entitlement} · ${report.freeModelMode ? "free model" : "Engine model"}`,
    "",
  ];
  if (report.tools.length === 0) lines.push("  (no tools)");
  const width = Math.max(0, ...report.tools.map((tool) => tool.name.length));
  for (const tool of report.tools) {
    lines.push(
      `  ${tool.name.padEnd(width)}  consent ${tool.consent.padEnd(6)}  ${tool.description}`,
    );
  }
  if (report.removed.length > 0) {
    lines.push("", "Not in this toolset:");
    for (const removed of report.removed) {
      lines.push(`  ${removed.name}: ${REASON_TEXT[removed.reason]}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

interface ToolsFlags {
  mode: string;
  entitlement?: string;
  freeModel?: boolean;
}

/** Registers `recollect tools`. */
export function registerToolsCommand(program: Command): void {
  program
    .command("tools")
    .description("print the exact primary-agent toolset for a mode, entitlement and model mode")
    .option("--mode <mode>", `one of ${AGENT_MODES.join(" | ")}`, "agent")
    .option(
      "--entitlement <value>",
      `${ENTITLEMENT_VALUES.join(" | ")} (default: the settings file's entitlement)`,
    )
    .option("--free-model", "the primary model does not run through the Engine")
    .action(async (flags: ToolsFlags, command: Command) => {
      const global = globalOptions(command);
      if (!isAgentMode(flags.mode)) {
        throw new InvalidInputError(
          "--mode",
          AGENT_MODES.join(" | "),
          `got ${quotedValue(flags.mode)}`,
        );
      }
      // The settings file belongs to a store: a --db that is not one is refused, as `settings` does.
      const location = storeLocationFor(global);
      requireStoreFile(location);
      const settings = settingsStoreForStorePath(location.path);
      let entitlement: Entitlement;
      if (flags.entitlement === undefined)
        entitlement = settingsEntitlement(settings).entitlement();
      else if (flags.entitlement === "pro" || flags.entitlement === "free") {
        entitlement = flags.entitlement;
      } else {
        throw new InvalidInputError(
          "--entitlement",
          ENTITLEMENT_VALUES.join(" | "),
          `got ${quotedValue(flags.entitlement)}`,
        );
      }
      const report = toolsReport({
        mode: flags.mode,
        entitlement,
        freeModelMode: flags.freeModel === true,
        consents: settings.read().consent,
      });
      await writeFinalAnswer(command, () => {
        if (global.json) printJson(report);
        else process.stdout.write(formatToolsReport(report));
      });
    });
}
