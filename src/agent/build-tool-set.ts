/**
 * `buildToolSet()`: the exact toolset a primary-agent turn gets (plan § Tool Exposure and
 * Entitlement; DESIGN.md § Entitlement and exposure). Explicit, ordered filters, each a pure
 * exported function so it can be tested alone:
 *
 * 1. {@link removeInternalOnlyTools} — `search_chats` is never main-facing, whatever else says so;
 * 2. {@link removeByConsent} — consent `never` removes the tool (stored choice under the tool's
 *    own name, else its `defaultConsent`);
 * 3. {@link removeByMode} — `ask` keeps read-only tools; `plan` keeps read-only tools plus the
 *    planning tools; `agent` keeps everything except the planning tools;
 * 4. {@link removeForBasicAgent} — not Pro removes all three history tools;
 * 5. {@link removeForFreeModel} — free-model mode removes `usesEngineEndpoint` tools and, with
 *    them, the whole history surface including direct `read_chat`;
 * 6. {@link removeDisabled} — each remaining tool's own `isEnabled(ctx)`.
 *
 * This decides exposure only. It is not a security boundary: every history tool re-checks Pro
 * when it runs (see `entitlement/require-pro.ts`).
 */

import type { AgentMode } from "../contracts/agent-mode.js";
import type { Consent } from "../contracts/consent.js";
import type { StoredConsents } from "./consent/resolve-consent.js";
import { resolveConsent } from "./consent/resolve-consent.js";
import type { AgentContext } from "./context.js";
import { type AnyToolDefinition, TOOL_DEFINITIONS } from "./tools/registry.js";
import {
  HISTORY_TOOL_NAMES,
  INTERNAL_ONLY_TOOLS,
  PLAN_MODE_ONLY_TOOLS,
  PRO_AGENT_ONLY_TOOLS,
} from "./tools/tool-names.js";

/** Options for {@link buildToolSet}. */
export interface BuildToolSetOptions {
  readonly mode: AgentMode;
  /** The primary model does not run through the Engine: Engine-using tools are removed. */
  readonly freeModelMode: boolean;
  /** Stored consent choices by tool name (absent names use each tool's default). */
  readonly consents?: StoredConsents;
  /** The candidate tools, in model-facing order. Default {@link TOOL_DEFINITIONS}. */
  readonly definitions?: readonly AnyToolDefinition[];
}

/** A tool that survived every filter, with the consent in force for this turn. */
export interface ToolSetEntry {
  readonly definition: AnyToolDefinition;
  readonly consent: Exclude<Consent, "never">;
}

/** Why a filter removed a tool. */
export type ToolRemovalReason =
  | "internal_only"
  | "consent_never"
  | "mode"
  | "not_pro"
  | "free_model"
  | "disabled";

/** A removed tool and the first filter that removed it. */
export interface RemovedTool {
  readonly name: string;
  readonly reason: ToolRemovalReason;
}

/** The toolset: kept tools in registry order, plus what was removed and why. */
export interface BuiltToolSet {
  readonly tools: readonly ToolSetEntry[];
  readonly removed: readonly RemovedTool[];
}

/** One candidate while filtering. */
interface Candidate {
  readonly definition: AnyToolDefinition;
  readonly consent: Consent;
}

/** A filter's verdict: keep, or the reason to remove. */
type Verdict = "keep" | ToolRemovalReason;

/** Filter 1: internal-only tools (`search_chats`) never reach a primary toolset. */
export function removeInternalOnlyTools(definition: AnyToolDefinition): Verdict {
  return INTERNAL_ONLY_TOOLS.has(definition.name) ? "internal_only" : "keep";
}

/** Filter 2: consent `never` removes the tool. */
export function removeByConsent(consent: Consent): Verdict {
  return consent === "never" ? "consent_never" : "keep";
}

/**
 * Filter 3: modes. `ask`: read-only tools only. `plan`: read-only tools plus the planning tools
 * (`write_plan`, `exit_plan`). `agent`: every tool except the planning tools.
 */
export function removeByMode(definition: AnyToolDefinition, mode: AgentMode): Verdict {
  const planning = PLAN_MODE_ONLY_TOOLS.has(definition.name);
  switch (mode) {
    case "agent":
      return planning ? "mode" : "keep";
    case "ask":
      return planning || definition.modifiesState ? "mode" : "keep";
    case "plan":
      return planning || !definition.modifiesState ? "keep" : "mode";
  }
}

/** Filter 4: a basic agent (not Pro) gets none of the three history tools. */
export function removeForBasicAgent(definition: AnyToolDefinition, isPro: boolean): Verdict {
  return !isPro && PRO_AGENT_ONLY_TOOLS.has(definition.name) ? "not_pro" : "keep";
}

/**
 * Filter 5: free-model mode removes Engine-using tools and the whole history surface (by name as
 * well as by flag, so direct `read_chat` goes too, per the plan).
 */
export function removeForFreeModel(definition: AnyToolDefinition, freeModelMode: boolean): Verdict {
  if (!freeModelMode) return "keep";
  return definition.usesEngineEndpoint || HISTORY_TOOL_NAMES.has(definition.name)
    ? "free_model"
    : "keep";
}

/** Filter 6: the tool's own exposure check. */
export function removeDisabled(definition: AnyToolDefinition, ctx: AgentContext): Verdict {
  return definition.isEnabled(ctx) ? "keep" : "disabled";
}

/**
 * Builds the toolset for one turn. Pure apart from calling each tool's `isEnabled(ctx)`.
 * Order of `tools` is registry order. Duplicate names in `definitions` keep the first.
 */
export function buildToolSet(ctx: AgentContext, options: BuildToolSetOptions): BuiltToolSet {
  const definitions = options.definitions ?? TOOL_DEFINITIONS;
  const tools: ToolSetEntry[] = [];
  const removed: RemovedTool[] = [];
  const seen = new Set<string>();
  for (const definition of definitions) {
    if (seen.has(definition.name)) continue;
    seen.add(definition.name);
    const candidate: Candidate = {
      definition,
      consent: resolveConsent(definition.name, definition.defaultConsent, options.consents),
    };
    const filters: ReadonlyArray<() => Verdict> = [
      () => removeInternalOnlyTools(definition),
      () => removeByConsent(candidate.consent),
      () => removeByMode(definition, options.mode),
      () => removeForBasicAgent(definition, ctx.isPro),
      () => removeForFreeModel(definition, options.freeModelMode),
      () => removeDisabled(definition, ctx),
    ];
    let reason: ToolRemovalReason | null = null;
    for (const filter of filters) {
      const verdict = filter();
      if (verdict !== "keep") {
        reason = verdict;
        break;
      }
    }
    if (reason !== null) removed.push({ name: definition.name, reason });
    else if (candidate.consent !== "never") tools.push({ definition, consent: candidate.consent });
  }
  return { tools, removed };
}

/** The kept tool names, in order: what tests and `recollect tools` compare. */
export function toolNames(toolSet: BuiltToolSet): string[] {
  return toolSet.tools.map((entry) => entry.definition.name);
}
