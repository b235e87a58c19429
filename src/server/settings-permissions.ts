/**
 * The permissions page's data over the settings file: one row per main-facing tool (the primary
 * registry's order), consent resolved under the tool's own key. Internal-only tools (the explorer's
 * `search_chats`) never get a row, and their stored legacy values are left untouched (plan §
 * Consent and Privacy).
 */
import { resolveConsent } from "../agent/consent/resolve-consent.js";
import { INTERNAL_ONLY_TOOLS } from "../agent/tools/tool-names.js";
import type { Consent } from "../contracts/consent.js";
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import type { SettingsStore } from "../settings/index.js";
import type { PermissionsPort } from "./create-app.js";
import type { PermissionRow } from "./shared/api-types.js";

/** What a row needs from a tool definition. */
export interface PermissionTool {
  readonly name: string;
  readonly defaultConsent: Consent;
}

/** Creates the port over `settings` for `tools` (normally `TOOL_DEFINITIONS`). */
export function createSettingsPermissions(
  settings: SettingsStore,
  tools: readonly PermissionTool[],
): PermissionsPort {
  const visible = tools.filter((tool) => !INTERNAL_ONLY_TOOLS.has(tool.name));
  const row = (
    tool: PermissionTool,
    stored: Readonly<Record<string, Consent>> | undefined,
  ): PermissionRow => ({
    tool: tool.name,
    consent: resolveConsent(tool.name, tool.defaultConsent, stored),
    defaultConsent: tool.defaultConsent,
  });
  return {
    list: () => {
      const stored = settings.read().consent;
      return visible.map((tool) => row(tool, stored));
    },
    set: (name, consent) => {
      const tool = visible.find((candidate) => candidate.name === name);
      if (!tool) {
        throw new InvalidInputError(
          "tool",
          `one of ${visible.map((candidate) => candidate.name).join(", ")}`,
          `got ${quotedValue(name)}`,
        );
      }
      const next = settings.update((current) => ({
        ...current,
        consent: { ...current.consent, [name]: consent },
      }));
      return row(tool, next.consent);
    },
  };
}
