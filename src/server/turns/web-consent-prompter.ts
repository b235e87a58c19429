/**
 * The web surface's {@link ConsentPrompter}: it sends a `consent-request` to the browser over the
 * turn's stream and holds the tool call until the browser answers through
 * `POST /api/turns/:turnId/consent/:promptId` (or the turn is aborted, which denies).
 */
import type {
  ConsentDecision,
  ConsentPrompter,
  ConsentRequest,
} from "../../agent/consent/consent-prompter.js";
import type { ConsentRequestEvent } from "../shared/server-events.js";
import type { RunningTurn } from "./turn-registry.js";

/** Options: the turn to hold prompts on, a sink to the browser, and an id source. */
export interface WebConsentPrompterOptions {
  readonly turn: RunningTurn;
  readonly send: (event: ConsentRequestEvent) => void;
  readonly newId: () => string;
}

/** Creates the prompter for one turn. */
export function createWebConsentPrompter(options: WebConsentPrompterOptions): ConsentPrompter {
  const { turn, send, newId } = options;
  return {
    confirm(request: ConsentRequest, signal: AbortSignal): Promise<ConsentDecision> {
      if (signal.aborted) return Promise.resolve("deny");
      const promptId = newId();
      return new Promise<ConsentDecision>((resolve) => {
        const onAbort = () => settle("deny");
        const settle = (decision: ConsentDecision) => {
          signal.removeEventListener("abort", onAbort);
          turn.prompts.delete(promptId);
          resolve(decision);
        };
        signal.addEventListener("abort", onAbort, { once: true });
        turn.prompts.set(promptId, settle);
        send({
          type: "consent-request",
          turnId: turn.turnId,
          promptId,
          toolName: request.toolName,
          preview: request.preview,
        });
      });
    },
  };
}
