import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { CONSENT_VALUES, type Consent } from "../contracts/consent.js";
import { InvalidSettingError } from "./invalid-setting-error.js";
import {
  ENTITLEMENT_VALUES,
  type Entitlement,
  MCP_SAMPLING_VALUES,
  type McpSamplingSetting,
  SETTINGS_DEFAULTS,
  type Settings,
  TELEMETRY_VALUES,
  type TelemetrySetting,
  toolNameSchema,
} from "./settings-schema.js";

/**
 * A settings key as `recollect settings get|set` names it: `entitlement`, `telemetry`, `exclude`
 * (a JSON array of globs), `sync.roots` (a JSON array of absolute folders), `mcp.sampling`, or
 * `consent.<tool_name>` (e.g. `consent.explore_chat_history`).
 */
export type SettingKey =
  | { readonly kind: "entitlement" }
  | { readonly kind: "telemetry" }
  | { readonly kind: "exclude" }
  | { readonly kind: "syncRoots" }
  | { readonly kind: "mcpSampling" }
  | { readonly kind: "consent"; readonly toolName: string };

/** What a key may be: the fixed keys, then `consent.<tool>` for each of `tools` (any tool name when none is given). */
function keyHelp(tools: readonly string[] | undefined): string {
  return `entitlement | telemetry | exclude | sync.roots | mcp.sampling | consent.<${tools ? tools.join("|") : "tool_name"}>`;
}

/** What `settings set sync.roots VALUE` accepts. */
const SYNC_ROOTS_HELP =
  'a JSON array of absolute folder paths, e.g. ["/home/me/code"] ([] clears it)';

/** What `settings set exclude VALUE` accepts. */
const EXCLUDE_HELP = 'a JSON array of globs, e.g. ["**/clients/**", "*.private.md"] ([] clears it)';

/** A JSON array of non-empty strings (`exclude`, `sync.roots`). */
const stringArraySchema = z.array(z.string().trim().min(1));

/**
 * Parses a key. `knownTools` (when given) limits `consent.*` to those names.
 * @throws InvalidSettingError (`argument: "key"`) naming the key given and every key allowed.
 */
export function parseSettingKey(key: string, knownTools?: readonly string[]): SettingKey {
  if (key === "entitlement") return { kind: "entitlement" };
  if (key === "telemetry") return { kind: "telemetry" };
  if (key === "exclude") return { kind: "exclude" };
  if (key === "sync.roots") return { kind: "syncRoots" };
  if (key === "mcp.sampling") return { kind: "mcpSampling" };
  if (key.startsWith("consent.")) {
    const toolName = key.slice("consent.".length);
    const known = knownTools === undefined || knownTools.includes(toolName);
    if (toolNameSchema.safeParse(toolName).success && known) return { kind: "consent", toolName };
  }
  throw new InvalidSettingError("key", key, key, keyHelp(knownTools));
}

/** The value in force for `key` and whether it came from the file or a default. */
export interface SettingValue {
  readonly value: string;
  readonly source: "stored" | "default";
}

/**
 * Reads `key` from `settings`. `consentDefault` is the tool's own default, used when nothing is
 * stored (each tool's `defaultConsent`; consent keys are independent, never inherited).
 */
export function getSetting(
  settings: Settings,
  key: SettingKey,
  consentDefault?: Consent,
): SettingValue {
  switch (key.kind) {
    case "entitlement":
      return settings.entitlement
        ? { value: settings.entitlement, source: "stored" }
        : { value: SETTINGS_DEFAULTS.entitlement, source: "default" };
    case "telemetry":
      return settings.telemetry
        ? { value: settings.telemetry, source: "stored" }
        : { value: SETTINGS_DEFAULTS.telemetry, source: "default" };
    case "exclude":
      return settings.exclude
        ? { value: JSON.stringify(settings.exclude), source: "stored" }
        : { value: "[]", source: "default" };
    case "syncRoots":
      return settings.sync?.roots
        ? { value: JSON.stringify(settings.sync.roots), source: "stored" }
        : { value: "[]", source: "default" };
    case "mcpSampling":
      return settings.mcp?.sampling
        ? { value: settings.mcp.sampling, source: "stored" }
        : { value: SETTINGS_DEFAULTS.mcpSampling, source: "default" };
    case "consent": {
      const stored = settings.consent?.[key.toolName];
      if (stored) return { value: stored, source: "stored" };
      return { value: consentDefault ?? "ask", source: "default" };
    }
  }
}

/**
 * The strings of a setting whose value is a JSON array of non-empty strings.
 * @throws InvalidSettingError naming `key`, the value and `help` when it is not JSON or not such
 *   an array.
 */
function parseStringArrayValue(key: string, value: string, help: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new InvalidSettingError("value", key, value, help, "it is not JSON");
  }
  const parsed = stringArraySchema.safeParse(json);
  if (!parsed.success) throw new InvalidSettingError("value", key, value, help);
  return parsed.data;
}

function parseExcludeValue(value: string): string[] {
  return parseStringArrayValue("exclude", value, EXCLUDE_HELP);
}

/**
 * The folders of a `sync.roots` value, each normalized (`/home/me/code/` → `/home/me/code`).
 * @throws InvalidSettingError naming the value and what is allowed, with the first path that is
 *   not absolute (a relative one would depend on where each sync runs).
 */
function parseSyncRootsValue(value: string): string[] {
  const roots = parseStringArrayValue("sync.roots", value, SYNC_ROOTS_HELP);
  const relative = roots.find((path) => !isAbsolute(path));
  if (relative !== undefined) {
    throw new InvalidSettingError(
      "value",
      "sync.roots",
      value,
      SYNC_ROOTS_HELP,
      `${JSON.stringify(relative)} is not an absolute path`,
    );
  }
  return roots.map((path) => resolve(path));
}

/** `value` when it is one of `allowed`. @throws InvalidSettingError naming `key` and `allowed`. */
function oneOf<T extends string>(key: string, allowed: readonly T[], value: string): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) throw new InvalidSettingError("value", key, value, allowed.join(" | "));
  return match;
}

/**
 * Returns `settings` with `key` set to `value`, leaving every other key (including unknown and
 * legacy ones) as it was.
 * @throws InvalidSettingError (`argument: "value"`) naming the value given, the key and the
 *   allowed values.
 */
export function setSetting(settings: Settings, key: SettingKey, value: string): Settings {
  switch (key.kind) {
    case "entitlement":
      return {
        ...settings,
        entitlement: oneOf<Entitlement>("entitlement", ENTITLEMENT_VALUES, value),
      };
    case "telemetry":
      return {
        ...settings,
        telemetry: oneOf<TelemetrySetting>("telemetry", TELEMETRY_VALUES, value),
      };
    case "exclude":
      return { ...settings, exclude: parseExcludeValue(value) };
    case "syncRoots":
      return { ...settings, sync: { ...settings.sync, roots: parseSyncRootsValue(value) } };
    case "mcpSampling":
      return {
        ...settings,
        mcp: {
          ...settings.mcp,
          sampling: oneOf<McpSamplingSetting>("mcp.sampling", MCP_SAMPLING_VALUES, value),
        },
      };
    case "consent":
      return {
        ...settings,
        consent: {
          ...settings.consent,
          [key.toolName]: oneOf<Consent>(`consent.${key.toolName}`, CONSENT_VALUES, value),
        },
      };
  }
}

/** True when `mcp.sampling` is `on`: the MCP server may run the explorer on the client's model. */
export function isMcpSamplingOn(settings: Settings): boolean {
  return (settings.mcp?.sampling ?? SETTINGS_DEFAULTS.mcpSampling) === "on";
}

/** True unless the person opted out with `telemetry off`. */
export function isTelemetryOn(settings: Settings): boolean {
  return (settings.telemetry ?? SETTINGS_DEFAULTS.telemetry) === "on";
}
