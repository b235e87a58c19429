/**
 * The settings file's shape (`<store>.settings.json` next to the store). Validated with zod on every read;
 * unknown keys are kept so a newer or older Recollect's values survive a round-trip, and consent
 * values for tools this build no longer exposes (the legacy `search_chats` choice) are preserved
 * for reversibility (plan § Consent and Privacy).
 */
import { z } from "zod";
import type { Consent } from "../contracts/consent.js";

/** The entitlement a profile carries. Only `pro` gets the history tools (plan § Tool Exposure). */
export type Entitlement = "pro" | "free";

/** Every entitlement value, for argument validation. */
export const ENTITLEMENT_VALUES: readonly Entitlement[] = ["pro", "free"];

/** Telemetry switch: `on` writes the allowlisted events to the local JSONL sink; `off` writes nothing. */
export type TelemetrySetting = "on" | "off";

/** Every telemetry value. */
export const TELEMETRY_VALUES: readonly TelemetrySetting[] = ["on", "off"];

const consentSchema = z.enum(["always", "ask", "never"] as const satisfies readonly Consent[]);

/** A snake_case tool name as a consent key (`explore_chat_history`, `read_chat`, …). */
export const toolNameSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);

/**
 * The file. Every field is optional: absent means "the default" (entitlement `free`, telemetry
 * `on`, each tool's own `defaultConsent`). `consent` maps tool names to stored choices, including
 * names no tool uses any more.
 */
export const settingsSchema = z.looseObject({
  entitlement: z.enum(["pro", "free"]).optional(),
  telemetry: z.enum(["on", "off"]).optional(),
  consent: z.record(toolNameSchema, consentSchema).optional(),
  /** Globs of history paths `import` and `sync` leave out (docs/IMPORT-FORMATS.md). */
  exclude: z.array(z.string()).optional(),
  /**
   * Per history source name (`claude-code`, `codex`, …), the folders `recollect sync` searches
   * instead of the source's default place.
   */
  sources: z.record(z.string(), z.array(z.string().min(1))).optional(),
  /**
   * `sync.roots`: folders (absolute) where `recollect sync` looks for project-scoped histories
   * (SpecStory, aider): each one and each folder directly inside it.
   */
  sync: z.looseObject({ roots: z.array(z.string()).optional() }).optional(),
  /**
   * `mcp.sampling`: `on` lets `recollect mcp` run the explorer on the client's own model through
   * MCP sampling (`sampling/createMessage`; its child tools as sampling tools, or as plain text when
   * the client's sampling has none) when the client offers it; `off` (the
   * default) never asks the client, since a client shows each sampling request to the person.
   */
  mcp: z.looseObject({ sampling: z.enum(["on", "off"]).optional() }).optional(),
});

/** Parsed settings; extra keys from other versions ride along untouched. */
export type Settings = z.infer<typeof settingsSchema>;

/** `mcp.sampling`: whether the MCP server may run the explorer on the client's model. */
export type McpSamplingSetting = "on" | "off";

/** Every `mcp.sampling` value. */
export const MCP_SAMPLING_VALUES: readonly McpSamplingSetting[] = ["on", "off"];

/** Defaults used when a key is absent. Free unless a profile or the person says Pro. */
export const SETTINGS_DEFAULTS = {
  entitlement: "free",
  telemetry: "on",
  mcpSampling: "off",
} as const satisfies {
  entitlement: Entitlement;
  telemetry: TelemetrySetting;
  mcpSampling: McpSamplingSetting;
};
