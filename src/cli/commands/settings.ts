/**
 * `recollect settings get <key>` / `recollect settings set <key> <value>` / `recollect settings list`:
 * the settings file beside the store. Keys: `entitlement` (pro | free), `telemetry` (on | off),
 * `exclude` (a JSON array of path globs import and sync leave out), `sync.roots` (a JSON array of
 * absolute folders where sync looks for project histories), `consent.<tool>` (always | ask |
 * never) for each tool with a permission row. get, set and list know the same keys: the internal
 * `search_chats` has no row, so `consent.search_chats` is an unknown key to all three (a stored
 * legacy value is unused, and is kept in the file untouched).
 */

import { existsSync } from "node:fs";
import type { Command } from "commander";
import { visiblePermissionRows } from "../../agent/consent/permission-rows.js";
import { TOOL_DEFINITIONS } from "../../agent/tools/registry.js";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { createPathExclusion } from "../../importers/index.js";
import {
  getSetting,
  InvalidSettingError,
  parseSettingKey,
  type SettingsStore,
  type SettingValue,
  setSetting,
  settingsPathForStore,
  settingsStoreForStorePath,
} from "../../settings/index.js";
import { requireStoreFile } from "../../store/open-store.js";
import { globalOptions, openCliStore, storeLocationFor, storePathFor } from "../cli-context.js";
import { writeAnswer } from "../write-answer.js";

/** The tools whose consent is a setting: exactly those `settings list` shows a row for. */
const CONSENT_TOOLS = visiblePermissionRows(undefined).map((row) => row.toolName);

function defaultConsentOf(toolName: string) {
  return TOOL_DEFINITIONS.find((tool) => tool.name === toolName)?.defaultConsent;
}

/**
 * Reads `key`'s value in force.
 * @throws InvalidSettingError naming the key given and every key allowed.
 */
export function readSetting(settings: SettingsStore, key: string): SettingValue & { key: string } {
  const parsed = parseSettingKey(key, CONSENT_TOOLS);
  const consentDefault = parsed.kind === "consent" ? defaultConsentOf(parsed.toolName) : undefined;
  return { key, ...getSetting(settings.read(), parsed, consentDefault) };
}

/**
 * Writes `key = value` atomically, preserving every other key (legacy and unknown ones too).
 * `beforeWrite` runs once the key and value are known to be valid, right before the file is
 * written (e.g. to create the store the file belongs to).
 * @throws InvalidSettingError naming the wrong argument (key or value) as given and what is
 *   allowed (for `exclude`, also a glob an import could not use); nothing is written and
 *   `beforeWrite` does not run.
 */
export function writeSetting(
  settings: SettingsStore,
  key: string,
  value: string,
  beforeWrite?: () => void,
): SettingValue & { key: string } {
  const parsed = parseSettingKey(key, CONSENT_TOOLS);
  const next = setSetting(settings.readEditable(), parsed, value);
  if (parsed.kind === "exclude") refuseUncompilableGlobs(next.exclude ?? [], value);
  beforeWrite?.();
  settings.update((current) => setSetting(current, parsed, value));
  return readSetting(settings, key);
}

/**
 * Refuses `exclude` globs an import would refuse, by the import's own rule
 * ({@link createPathExclusion}: no empty or `!` glob, balanced brackets), so a value `set` accepts
 * never makes every later import fail.
 * @throws InvalidSettingError (`argument: "value"`, key `exclude`, `received` the value as given)
 *   with what a glob may be and the glob refused.
 */
function refuseUncompilableGlobs(globs: readonly string[], value: string): void {
  try {
    createPathExclusion(globs, "exclude");
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    throw new InvalidSettingError("value", "exclude", value, error.allowed, error.detail);
  }
}

/** Every visible setting with its value in force: entitlement, telemetry, one row per tool. */
export function listSettings(settings: SettingsStore) {
  const current = settings.read();
  return {
    entitlement: readSetting(settings, "entitlement"),
    telemetry: readSetting(settings, "telemetry"),
    exclude: readSetting(settings, "exclude"),
    syncRoots: readSetting(settings, "sync.roots"),
    mcpSampling: readSetting(settings, "mcp.sampling"),
    permissions: visiblePermissionRows(current.consent).map((row) => ({
      key: `consent.${row.toolName}`,
      value: row.consent,
      source: row.stored ? "stored" : "default",
      disclosure: row.disclosure,
    })),
  };
}

/**
 * `settings get`'s second line: the settings file it read, and when that file does not exist
 * (every value then is its default). Empty for in-memory settings.
 */
export function settingsFileLine(settingsPath: string | null): string {
  if (settingsPath === null) return "";
  return `  (settings file ${settingsPath}${existsSync(settingsPath) ? "" : ", not there yet"})\n`;
}

function line(value: SettingValue & { key: string }): string {
  return `${value.key} = ${value.value}${value.source === "default" ? " (default)" : ""}\n`;
}

/** Registers `recollect settings`. */
export function registerSettingsCommand(program: Command): void {
  const settingsCommand = program
    .command("settings")
    .description("read or change settings (entitlement, telemetry, tool consent)");
  // The settings file belongs to a store: a path that is not (or cannot become) one is refused
  // before anything is written beside it.
  const storeFor = (command: Command) => {
    const location = storeLocationFor(globalOptions(command));
    requireStoreFile(location);
    return settingsStoreForStorePath(location.path);
  };
  // `set` writes, and like every command that writes it creates the store when there is none yet
  // (settings are per store: `settings set entitlement pro` may come before the first sync), so
  // no settings file is ever left beside a path that holds no store. A bad key or value creates
  // nothing.
  const createStoreIfNew = (command: Command) => () => {
    if (requireStoreFile(storeLocationFor(globalOptions(command))) === "new")
      openCliStore(globalOptions(command)).close();
  };

  settingsCommand
    .command("get")
    .description(
      "print one setting: entitlement | telemetry | exclude | sync.roots | mcp.sampling | consent.<tool>",
    )
    .argument("<key>", "setting key")
    .action(async (key: string, _options: unknown, command: Command) => {
      const value = readSetting(storeFor(command), key);
      // Which file was read: settings sit beside the store, so a copied `.db` reads another
      // (often absent) file and shows defaults — free included — without this line.
      const settingsPath = settingsPathForStore(storePathFor(globalOptions(command)));
      await writeAnswer(
        command,
        { ...value, settings_path: settingsPath },
        () => line(value) + settingsFileLine(settingsPath),
      );
    });

  settingsCommand
    .command("set")
    .description("change one setting, e.g. `settings set consent.read_chat always`")
    .argument("<key>", "setting key")
    .argument("<value>", "new value")
    .action(async (key: string, value: string, _options: unknown, command: Command) => {
      const written = writeSetting(storeFor(command), key, value, createStoreIfNew(command));
      await writeAnswer(command, written, () => line(written));
    });

  settingsCommand
    .command("list")
    .description("print every setting and each tool's permission with its disclosure")
    .action(async (_options: unknown, command: Command) => {
      const listed = listSettings(storeFor(command));
      await writeAnswer(command, listed, () => {
        let text =
          line(listed.entitlement) +
          line(listed.telemetry) +
          line(listed.exclude) +
          line(listed.syncRoots) +
          line(listed.mcpSampling);
        for (const row of listed.permissions) {
          text += `${row.key} = ${row.value}${row.source === "default" ? " (default)" : ""}\n    ${row.disclosure}\n`;
        }
        return text;
      });
    });
}
