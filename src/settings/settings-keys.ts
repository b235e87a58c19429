import { z } from "zod";
import { CONSENT_VALUES, type Consent } from "../contracts/consent.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import {
  ENTITLEMENT_VALUES,
  type Entitlement,
  SETTINGS_DEFAULTS,
  type Settings,
  TELEMETRY_VALUES,
  type TelemetrySetting,
  toolNameSchema,
} from "./settings-schema.js";

/**
 * A settings key as `recollect settings get|set` names it: `entitlement`, `telemetry`, `exclude`
 * (a JSON array of globs), or `consent.<tool_name>` (e.g. `consent.explore_chat_history`).
 */
export type SettingKey =
  | { readonly kind: "entitlement" }
  | { readonly kind: "telemetry" }
  | { readonly kind: "exclude" }
  | { readonly kind: "consent"; readonly toolName: string };

const KEY_HELP = "entitlement, telemetry, exclude, or consent.<tool_name>";

/** What `settings set exclude VALUE` accepts. */
const EXCLUDE_HELP = 'a JSON array of globs, e.g. ["**/clients/**", "*.private.md"] ([] clears it)';

/** A JSON array of non-empty strings. */
const excludeValueSchema = z.array(z.string().trim().min(1));

/**
 * Parses a key. `knownTools` (when given) limits `consent.*` to those names.
 * @throws InvalidInputError naming `KEY` and what is allowed.
 */
export function parseSettingKey(key: string, knownTools?: readonly string[]): SettingKey {
  if (key === "entitlement") return { kind: "entitlement" };
  if (key === "telemetry") return { kind: "telemetry" };
  if (key === "exclude") return { kind: "exclude" };
  if (key.startsWith("consent.")) {
    const toolName = key.slice("consent.".length);
    const allowed = knownTools ? `consent.<${knownTools.join("|")}>` : KEY_HELP;
    if (!toolNameSchema.safeParse(toolName).success) throw new InvalidInputError("KEY", allowed);
    if (knownTools && !knownTools.includes(toolName)) {
      throw new InvalidInputError("KEY", allowed, `unknown tool ${toolName}`);
    }
    return { kind: "consent", toolName };
  }
  throw new InvalidInputError("KEY", KEY_HELP);
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
    case "consent": {
      const stored = settings.consent?.[key.toolName];
      if (stored) return { value: stored, source: "stored" };
      return { value: consentDefault ?? "ask", source: "default" };
    }
  }
}

function parseExcludeValue(value: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new InvalidInputError("VALUE", EXCLUDE_HELP, "not JSON");
  }
  const parsed = excludeValueSchema.safeParse(json);
  if (!parsed.success) throw new InvalidInputError("VALUE", EXCLUDE_HELP);
  return parsed.data;
}

function oneOf<T extends string>(argument: string, allowed: readonly T[], value: string): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined)
    throw new InvalidInputError(argument, allowed.join(" | "), `got ${value}`);
  return match;
}

/**
 * Returns `settings` with `key` set to `value`, leaving every other key (including unknown and
 * legacy ones) as it was.
 * @throws InvalidInputError naming `VALUE` and the allowed values.
 */
export function setSetting(settings: Settings, key: SettingKey, value: string): Settings {
  switch (key.kind) {
    case "entitlement":
      return { ...settings, entitlement: oneOf<Entitlement>("VALUE", ENTITLEMENT_VALUES, value) };
    case "telemetry":
      return { ...settings, telemetry: oneOf<TelemetrySetting>("VALUE", TELEMETRY_VALUES, value) };
    case "exclude":
      return { ...settings, exclude: parseExcludeValue(value) };
    case "consent":
      return {
        ...settings,
        consent: {
          ...settings.consent,
          [key.toolName]: oneOf<Consent>("VALUE", CONSENT_VALUES, value),
        },
      };
  }
}

/** True unless the person opted out with `telemetry off`. */
export function isTelemetryOn(settings: Settings): boolean {
  return (settings.telemetry ?? SETTINGS_DEFAULTS.telemetry) === "on";
}
