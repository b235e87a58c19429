import { PreconditionError } from "../errors/recollect-error.js";

/** Why an `ask` consent question got no answer from the person. */
export type ConsentNotAskedReason = "cancelled" | "failed";

/**
 * Consent `ask` could not be put to the person (issue 29 § Build 1): the client cancelled the
 * elicitation without an answer — headless Claude Code (`claude -p`, the Agent SDK) declares
 * elicitation and cancels every one — or the elicitation request failed. Nobody declined, so this
 * is no `user_cancelled`: it is `precondition` (`missing: "consent"`), nothing was read, and the
 * remedy sets the tool's consent to `always` (the host's own tool permission still applies).
 * `toolName` is the tool that asked.
 */
export class ConsentNotAskedError extends PreconditionError {
  readonly toolName: string;
  readonly reason: ConsentNotAskedReason;
  constructor(toolName: string, reason: ConsentNotAskedReason) {
    super(
      "consent",
      `Could not ask the person to allow ${toolName}: the client ${
        reason === "cancelled"
          ? "cancelled the question without an answer (headless clients cancel every question)"
          : "could not show the question"
      }. Nothing was read.`,
      [
        {
          args: ["settings", "set", `consent.${toolName}`, "always"],
          purpose:
            "to allow it without this question (the host's own tool permission still applies)",
        },
      ],
    );
    this.name = "ConsentNotAskedError";
    this.toolName = toolName;
    this.reason = reason;
  }
}
