/**
 * The permissions page's rows (plan § Consent and Privacy; Phase 4: "ensure internal search has no
 * orphaned visible permission row"). One row per main-facing tool in registry order; internal-only
 * `search_chats` never gets a row, although its stored legacy value stays in the settings file.
 */
import type { Consent } from "../../contracts/consent.js";
import { type AnyToolDefinition, TOOL_DEFINITIONS } from "../tools/registry.js";
import { INTERNAL_ONLY_TOOLS, PRO_AGENT_ONLY_TOOLS } from "../tools/tool-names.js";
import { type ConsentCopy, consentCopy } from "./consent-copy.js";
import { resolveConsent, type StoredConsents } from "./resolve-consent.js";

/** One row: the tool, its consent in force (stored or default), and its copy keys. */
export interface PermissionRow extends ConsentCopy {
  readonly toolName: string;
  readonly defaultConsent: Consent;
  /** The value in force: the stored choice under this tool's own name, else the default. */
  readonly consent: Consent;
  /** True when the consent came from the settings file. */
  readonly stored: boolean;
  /** Only shown usefully to Pro users (the three history tools). */
  readonly requiresPro: boolean;
}

/** Rows for every main-facing tool, in registry order. Never a row for an internal-only tool. */
export function visiblePermissionRows(
  stored: StoredConsents | undefined,
  definitions: readonly AnyToolDefinition[] = TOOL_DEFINITIONS,
): PermissionRow[] {
  return definitions
    .filter((definition) => !INTERNAL_ONLY_TOOLS.has(definition.name))
    .map((definition) => ({
      toolName: definition.name,
      defaultConsent: definition.defaultConsent,
      consent: resolveConsent(definition.name, definition.defaultConsent, stored),
      stored: stored?.[definition.name] !== undefined,
      requiresPro: PRO_AGENT_ONLY_TOOLS.has(definition.name),
      ...consentCopy(definition.name),
    }));
}

/** Tool names a person may set consent for (the visible rows). */
export function permissionToolNames(
  definitions: readonly AnyToolDefinition[] = TOOL_DEFINITIONS,
): string[] {
  return visiblePermissionRows(undefined, definitions).map((row) => row.toolName);
}
