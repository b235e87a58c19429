/** Per-tool permission (DESIGN.md vocabulary). `ask` prompts the person on every direct call. */
export type Consent = "always" | "ask" | "never";

/** Every consent value, for schema validation and UI choices. */
export const CONSENT_VALUES: readonly Consent[] = ["always", "ask", "never"];
