/**
 * The `ask` consent prompt over MCP elicitation (issue 10 § Build 3): the server asks the client
 * to show the person a yes/no form. Only an accepted form with `allow: true` allows the call; a
 * declined form, or one accepted with `allow: false`, is the person's no. A cancelled form or a
 * failed request is neither: the person may never have seen it (headless Claude Code cancels every
 * elicitation), so it answers `not_asked` (issue 29). When the client cannot elicit, the server
 * does not build this prompter and relies on the host's own tool-permission prompt instead.
 */
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { ConsentRequest } from "../agent/consent/consent-prompter.js";
import type { ConsentNotAskedReason } from "./consent-not-asked-error.js";

/** The outcome of one elicitation: the person's answer, or why there was none. */
export type ElicitationAnswer =
  | { readonly decision: "allow" | "deny" }
  | { readonly decision: "not_asked"; readonly reason: ConsentNotAskedReason };

/** Asks the person through the client's elicitation. */
export interface ElicitationConsentPrompter {
  /** Never rejects; an aborted `signal` answers `not_asked` (`failed`) without asking. */
  confirm(request: ConsentRequest, signal: AbortSignal): Promise<ElicitationAnswer>;
}

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
export function createElicitationConsentPrompter(elicit: Elicit): ElicitationConsentPrompter {
  return {
    async confirm(request, signal): Promise<ElicitationAnswer> {
      if (signal.aborted) return { decision: "not_asked", reason: "failed" };
      try {
        const answer = await elicit(consentElicitation(request), signal);
        if (answer.action === "cancel") return { decision: "not_asked", reason: "cancelled" };
        return {
          decision: answer.action === "accept" && answer.content?.allow === true ? "allow" : "deny",
        };
      } catch {
        // Not a yes, and not the person's no either: the question may never have been shown.
        return { decision: "not_asked", reason: "failed" };
      }
    },
  };
}
