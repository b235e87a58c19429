import { describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { corpusFile, readCorpus } from "../testing/corpus.js";
import { parseCline } from "./cline.js";

const FINEYE = "haram-333__fineye__ui_messages.json";

describe("parseCline", () => {
  it("task prompt + user_feedback as user; completion results and follow-ups as assistant", () => {
    const chats = parseCline(corpusFile("cline", FINEYE), readCorpus("cline", FINEYE));
    expect(chats).toHaveLength(1);
    const chat = chats[0]!;
    expect(chat.messages.filter((message) => message.role === "user")).toHaveLength(15);
    expect(chat.messages.filter((message) => message.role === "assistant")).toHaveLength(9);
    expect(chat.createdAtMs).toBe(1767644899093);
    expect(chat.messages[0]).toMatchObject({
      role: "user",
      content: "yo wassup",
      createdAtMs: 1767644899093,
    });
    expect(chat.appHint).toEqual({
      name: "flutter_application_1",
      path: "c:/Users/Haram/Desktop/flutter_application_1",
      origin: "cwd",
    });
    const followup = chat.messages.find((message) =>
      message.content.startsWith("What's the other issue"),
    );
    expect(followup?.content).toBe(
      [
        "What's the other issue you're running into? Let me know what's happening.",
        "- Billing/quota issues with Google Cloud",
        "- Environment variables not loading on Vercel",
        "- Service account credentials issues",
        "- Different error message appearing",
        "- Something else",
      ].join("\n"),
    );
  });

  it("rejects a truncated file with a format error naming it", () => {
    expect(() =>
      parseCline("/tmp/ui_messages.json", '[{"ts":1,"type":"say","say":"text","te'),
    ).toThrow("/tmp/ui_messages.json: not valid JSON (truncated or corrupt file)");
    expect(() => parseCline("/tmp/ui_messages.json", '[{"type":"say"}]')).toThrow(
      ImportFormatError,
    );
  });
});
