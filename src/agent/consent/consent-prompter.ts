/**
 * The `ask` consent prompt, injected so each surface asks its own way (CLI: a TTY question;
 * web: a dialog). The host asks exactly once per direct call of an `ask` tool, before it runs;
 * internal calls inside an explorer run never reach a prompter.
 */

/** What the person is asked about one tool call. Never contains archival text. */
export interface ConsentRequest {
  readonly toolName: string;
  /** What this call does, from the tool's `consentPreview(input)`. */
  readonly preview: string;
  /** What is sent where (e.g. "…sent to the active model"), from {@link consentDisclosure}. */
  readonly disclosure: string;
}

/** The person's answer. */
export type ConsentDecision = "allow" | "deny";

/** Asks the person. Resolves `deny` when they decline or the prompt cannot be shown. */
export interface ConsentPrompter {
  /**
   * @param signal - the turn's abort signal; a pending prompt resolves `deny` when it fires.
   */
  confirm(request: ConsentRequest, signal: AbortSignal): Promise<ConsentDecision>;
}

/** A prompter that always answers `decision` and records every request (tests, profiles). */
export function scriptedConsentPrompter(
  decision: ConsentDecision,
): ConsentPrompter & { readonly requests: readonly ConsentRequest[] } {
  const requests: ConsentRequest[] = [];
  return {
    requests,
    async confirm(request) {
      requests.push(request);
      return decision;
    },
  };
}
