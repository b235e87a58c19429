import type { Interface } from "node:readline/promises";
import type { ConsentDecision, ConsentPrompter, ConsentRequest } from "./consent-prompter.js";

/** Asks one question and resolves the typed answer; rejects or resolves "" when aborted. */
export type AskQuestion = (prompt: string, signal: AbortSignal) => Promise<string>;

/** The exact text of a CLI consent question (no archival text: preview and disclosure only). */
export function consentQuestionText(request: ConsentRequest): string {
  return `\nAllow ${request.toolName}? ${request.preview}\n${request.disclosure}\nAllow this call? [y/N] `;
}

/** True for a yes answer: `y` or `yes`, any case, surrounding spaces ignored. Anything else is no. */
export function isYes(answer: string): boolean {
  return /^(y|yes)$/i.test(answer.trim());
}

/**
 * The CLI's prompter: asks through `ask` (the chat loop's own readline, so one interface owns
 * stdin) and allows only an explicit yes. An abort, a closed input or any error is `deny`.
 */
export function createQuestionConsentPrompter(ask: AskQuestion): ConsentPrompter {
  return {
    async confirm(request, signal): Promise<ConsentDecision> {
      if (signal.aborted) return "deny";
      try {
        return isYes(await ask(consentQuestionText(request), signal)) ? "allow" : "deny";
      } catch {
        // An aborted or closed readline rejects; declining is the only safe answer.
        return "deny";
      }
    },
  };
}

/** A prompter over an existing `node:readline/promises` interface. */
export function createReadlineConsentPrompter(readline: Interface): ConsentPrompter {
  return createQuestionConsentPrompter((prompt, signal) => readline.question(prompt, { signal }));
}
