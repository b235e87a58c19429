import type { Entitlement, SettingsStore } from "../../settings/index.js";
import { SETTINGS_DEFAULTS } from "../../settings/index.js";

/**
 * Where a surface learns the person's entitlement. One interface for every surface: the CLI reads
 * the settings file next to the store; the demo and eval profiles are fixed Pro; a host app would
 * ask its licence server. Read once per turn and put into `AgentContext.isPro`.
 */
export interface EntitlementProvider {
  /** The entitlement in force now. Never throws for a missing value (absent means `free`). */
  entitlement(): Entitlement;
}

/** A provider that always answers `value` (tests, and the built-in demo and eval profiles). */
export function fixedEntitlement(value: Entitlement): EntitlementProvider {
  return { entitlement: () => value };
}

/** The built-in demo and eval profiles are Pro (issue 4 § Build 2). */
export const PROFILE_ENTITLEMENT: EntitlementProvider = fixedEntitlement("pro");

/**
 * Reads `entitlement` from the settings store on every call, so `recollect settings set
 * entitlement pro` takes effect on the next turn. Absent → `free`.
 * @throws RecollectError (`precondition`) when the settings file is invalid.
 */
export function settingsEntitlement(settings: SettingsStore): EntitlementProvider {
  return { entitlement: () => settings.read().entitlement ?? SETTINGS_DEFAULTS.entitlement };
}

/** True when `provider` says Pro. */
export function isProEntitlement(provider: EntitlementProvider): boolean {
  return provider.entitlement() === "pro";
}
