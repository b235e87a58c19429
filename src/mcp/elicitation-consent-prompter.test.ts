import { describe, expect, it } from "vitest";
import {
  consentElicitation,
  createElicitationConsentPrompter,
} from "./elicitation-consent-prompter.js";

const request = {
  toolName: "read_chat",
  preview: "Send messages of earlier chat 3 from this app's history to the active model.",
  disclosure: "Sends the selected historical chat text from this app to the active model.",
};
const signal = new AbortController().signal;

describe("elicitation consent prompter", () => {
  it("asks with a form holding one required boolean and says what is sent where", () => {
    expect(consentElicitation(request)).toEqual({
      mode: "form",
      message: `Allow read_chat? ${request.preview}\n${request.disclosure}`,
      requestedSchema: {
        type: "object",
        properties: {
          allow: { type: "boolean", title: "Allow read_chat", description: request.disclosure },
        },
        required: ["allow"],
      },
    });
  });

  it("allows only an accepted form with allow true; a cancelled form is not asked, not declined", async () => {
    const answers = [
      { action: "accept", content: { allow: true } },
      { action: "accept", content: { allow: false } },
      { action: "accept" },
      { action: "decline" },
      { action: "cancel" },
    ] as const;
    const decisions = [];
    for (const answer of answers) {
      decisions.push(
        await createElicitationConsentPrompter(async () => answer).confirm(request, signal),
      );
    }
    expect(decisions).toEqual([
      { decision: "allow" },
      { decision: "deny" },
      { decision: "deny" },
      { decision: "deny" },
      { decision: "not_asked", reason: "cancelled" },
    ]);
  });

  it("is not asked on a failed elicitation, and without asking once aborted", async () => {
    let asked = 0;
    const failing = createElicitationConsentPrompter(async () => {
      asked++;
      throw new Error("client gone");
    });
    const notAsked = { decision: "not_asked", reason: "failed" };
    expect(await failing.confirm(request, signal)).toEqual(notAsked);
    const aborted = new AbortController();
    aborted.abort();
    expect(await failing.confirm(request, aborted.signal)).toEqual(notAsked);
    expect(asked).toBe(1);
  });
});
