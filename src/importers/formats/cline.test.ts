import { describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { describeRequiring, SHARED_CORPUS } from "../../test/require-resource.js";
import { corpusFile, readCorpus } from "../testing/corpus.js";
import { CLINE_TASK } from "../testing/synthetic-histories.js";
import { parseCline } from "./cline.js";

const FINEYE = "haram-333__fineye__ui_messages.json";

describeRequiring([SHARED_CORPUS], "parseCline on the real corpus", () => {
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
});

describe("parseCline", () => {
  it("reads the task, replies, a follow-up with its options and feedback; skips noise and partials", () => {
    const chats = parseCline("/tasks/1767000000000/ui_messages.json", CLINE_TASK);
    expect(chats).toHaveLength(1);
    const chat = chats[0]!;
    expect(
      chat.messages.map((message) => [message.role, message.content, message.createdAtMs]),
    ).toEqual([
      ["user", "plan the fern catalogue import", 1767000000000],
      ["assistant", "I'll read the CSV header first.", 1767000003000],
      ["assistant", "Keep the Latin names as the key?\n- yes\n- no", 1767000004000],
      ["user", "yes, Latin names", 1767000005000],
      ["assistant", "The import keys ferns by Latin name.", 1767000006000],
    ]);
    expect(chat.createdAtMs).toBe(1767000000000);
    expect(chat.appHint).toEqual({ name: "fernwood", path: "/home/dev/fernwood", origin: "cwd" });
  });

  it("rejects a truncated file with a format error naming it and the line where it stops", () => {
    expect(() =>
      parseCline("/tmp/ui_messages.json", '[\n{"ts":1,"type":"say","say":"text","te'),
    ).toThrow("/tmp/ui_messages.json:2: not valid JSON (truncated or corrupt file)");
    expect(() => parseCline("/tmp/ui_messages.json", '[{"type":"say"}]')).toThrow(
      ImportFormatError,
    );
  });
});

describe("parseCline on a Roo Code task", () => {
  it("uses the UUID task folder as the id and renders suggested answers", () => {
    const events = [
      { ts: 1767200000000, type: "say", say: "text", text: "Pick a PDF library" },
      {
        ts: 1767200001000,
        type: "ask",
        ask: "followup",
        text: JSON.stringify({
          question: "Server-side or in the browser?",
          suggest: [{ answer: "Server-side" }, "Browser"],
        }),
      },
    ];
    const path =
      "/vs/globalStorage/rooveterinaryinc.roo-cline/tasks/9b2f6c4e-1d3a-4e5b-8f7c-0a1b2c3d4e5f/ui_messages.json";
    const [chat] = parseCline(path, JSON.stringify(events));
    expect([chat!.externalId, chat!.messages.map((m) => m.content)]).toEqual([
      "9b2f6c4e-1d3a-4e5b-8f7c-0a1b2c3d4e5f",
      ["Pick a PDF library", "Server-side or in the browser?\n- Server-side\n- Browser"],
    ]);
  });
});
