import type { Consent } from "../../contracts/consent.js";

/** Stored consent choices by tool name (the settings file's `consent` object). */
export type StoredConsents = Readonly<Record<string, Consent>>;

/**
 * The consent in force for a tool: the stored choice under the tool's OWN name, else the tool's
 * default. Keys are independent: `explore_chat_history` never inherits a stored `search_chats`
 * or `read_chat` value (plan § Consent and Privacy).
 */
export function resolveConsent(
  toolName: string,
  defaultConsent: Consent,
  stored: StoredConsents | undefined,
): Consent {
  return stored?.[toolName] ?? defaultConsent;
}
