/**
 * The `ask` consent prompt over MCP elicitation (issue 10 § Build 3): the server asks the client
 * to show the person a yes/no form. Only an accepted form with `allow: true` allows the call;
 * declining, cancelling, a closed form, an aborted call or any error is `deny`. When the client
 * cannot elicit, the server does not build this prompter and relies on the host's own
 * tool-permission prompt instead.
 */
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type {
  ConsentDecision,
  ConsentPrompter,
  ConsentRequest,
} from "../agent/consent/consent-prompter.js";

/** Sends one `elicitation/create` request (the SDK's `Server.elicitInput`). */
export type Elicit = (
  params: ElicitRequestFormParams,
  signal: AbortSignal,
) => Promise<ElicitResult>;

/** The elicitation form for `request`: what is sent where, and one required boolean. */
export function consentElicitation(request: ConsentRequest): ElicitRequestFormParams {
  return {
    mode: "form",
    message: `Allow ${request.toolName}? ${request.preview}\n${request.disclosure}`,
    requestedSchema: {
      type: "object",
      properties: {
        allow: {
          type: "boolean",
          title: `Allow ${request.toolName}`,
          description: request.disclosure,
        },
      },
      required: ["allow"],
    },
  };
}

/** A prompter that asks through `elicit`. */
export function createElicitationConsentPrompter(elicit: Elicit): ConsentPrompter {
  return {
    async confirm(request, signal): Promise<ConsentDecision> {
      if (signal.aborted) return "deny";
      try {
        const answer = await elicit(consentElicitation(request), signal);
        return answer.action === "accept" && answer.content?.allow === true ? "allow" : "deny";
      } catch {
        // A failed or cancelled elicitation is not a yes.
        return "deny";
      }
    },
  };
}
