/**
 * The `recollect settings set …` commands errors suggest (typed {@link Remedy} values: each
 * surface writes them in the words that run Recollect there).
 */
import type { Remedy } from "../errors/remedy.js";

/** Turns Pro on for the store (every history tool needs it). */
export const TURN_PRO_ON: Remedy = {
  args: ["settings", "set", "entitlement", "pro"],
  purpose: "if you have Pro",
};

/** Lets `toolName` run again, asking first, after its consent was set to `never`. */
export function allowToolWithConsent(toolName: string): Remedy {
  return {
    args: ["settings", "set", `consent.${toolName}`, "ask"],
    purpose: "to turn it back on",
  };
}

/**
 * Empties the `exclude` list (e.g. after a glob in it was refused); the person then sets it again
 * with only valid globs.
 */
export const CLEAR_EXCLUDE: Remedy = {
  args: ["settings", "set", "exclude", "[]"],
  purpose: "to clear the list, then set it again without that glob",
};
