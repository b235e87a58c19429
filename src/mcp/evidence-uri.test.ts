import { describe, expect, it } from "vitest";
import { evidenceUri, parseEvidenceUri } from "./evidence-uri.js";

describe("evidence URIs", () => {
  it("round-trips a chat and message id", () => {
    const uri = evidenceUri({ chatId: 12, messageId: 345 });
    expect(uri).toBe("recollect://chats/12/messages/345");
    expect(parseEvidenceUri(uri)).toEqual({ chatId: 12, messageId: 345 });
  });

  it("rejects every other shape", () => {
    for (const uri of [
      "recollect://chats/0/messages/1",
      "recollect://chats/1/messages/-1",
      "recollect://chats/1/messages/1/extra",
      "recollect://chats/1/messages/1?app=2",
      "recollect://chats/01/messages/1",
      "recollect://apps/1/chats/1",
      "file:///chats/1/messages/1",
      "recollect://chats/99999999999999999/messages/1",
    ]) {
      expect(parseEvidenceUri(uri)).toBeNull();
    }
  });
});
