import { describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { describeRequiring, SHARED_CORPUS } from "../../test/require-resource.js";
import { corpusFile, readCorpus } from "../testing/corpus.js";
import { CLAUDE_CODE_SESSION } from "../testing/synthetic-histories.js";
import { parseClaudeCode } from "./claude-code.js";

const EAGERMINDS =
  "Nishanth-sebastin__eagerminds-bookmarks__entire-checkpoints-v1__fe__621fef064f__0__full.jsonl";
const TAN_MAPPER = "Ri5ha6h__tan-mapper-app__entire-checkpoints-v1__f0__d2b4c4f77f__2__full.jsonl";

function parseCorpus(name: string) {
  const chats = parseClaudeCode(
    corpusFile("claude-code-jsonl", name),
    readCorpus("claude-code-jsonl", name),
    0,
  );
  expect(chats).toHaveLength(1);
  return chats[0]!;
}

describeRequiring([SHARED_CORPUS], "parseClaudeCode on the real corpus", () => {
  it("2.1.168 session: prompts, assistant text grouped by message.id, last ai-title", () => {
    const chat = parseCorpus(EAGERMINDS);
    const users = chat.messages.filter((message) => message.role === "user");
    const assistants = chat.messages.filter((message) => message.role === "assistant");
    // 18 typed + 1 queued line + 1 shell input + 1 queued_command attachment + 2 answers to
    // AskUserQuestion; bash output, isMeta caveats, other tool results and interruption markers
    // are not human input.
    expect(users).toHaveLength(23);
    const question = assistants.find((message) =>
      message.content.includes("When should the welcome email be sent?"),
    );
    expect(question?.content).toContain(
      "When should the welcome email be sent?\n- After email confirmation (recommended): Move sendWelcomeEmail()",
    );
    expect(users.map((message) => message.content)).toContain(
      'Your questions have been answered: "When should the welcome email be sent?"="After email confirmation (recommended)". You can now continue with these answers in mind.',
    );
    // 267 message ids, 148 of which carry text.
    expect(assistants).toHaveLength(148);
    expect(chat.title).toBe("Scaffold Next.js app Phase 1");
    expect(chat.externalId).toBe("eb3e9a24-5b5b-4fcb-99f7-10c2c1deb708");
    expect(chat.appHint).toEqual({
      name: "tasks1",
      path: "/Users/cartrabbit/Documents/personal/tasks/tasks1",
      origin: "cwd",
    });
    expect(users[0]!.content).toBe(
      "Read BUILD_PLAN.md and start Phase 1 — scaffold the Next.js app.",
    );
    expect(users.at(-1)!.content).toBe("hey dont use cartrabbit.in");
    expect(users.some((message) => message.content.startsWith("<bash-stdout>"))).toBe(false);
    expect(new Date(chat.createdAtMs).toISOString()).toBe("2026-06-08T00:02:32.107Z");
    const times = chat.messages.map((message) => message.createdAtMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("2.1.42 session without ai-title: one plan prompt, 12 replies, title from the prompt", () => {
    const chat = parseCorpus(TAN_MAPPER);
    expect(chat.messages.filter((message) => message.role === "user")).toHaveLength(1);
    expect(chat.messages.filter((message) => message.role === "assistant")).toHaveLength(12);
    expect(chat.title).toBe("Implement the following plan:");
    expect(chat.appHint?.name).toBe("tan-mapper-app");
  });
});

describe("parseClaudeCode on synthetic input", () => {
  it("a whole session: one prompt, a reply grouped by message.id, the ai-title, the cwd", () => {
    const [chat] = parseClaudeCode("/p/session.jsonl", CLAUDE_CODE_SESSION, 0);
    expect(chat!.externalId).toBe("6b1e0d8c-2f4a-4e7b-9c3d-1a2b3c4d5e6f");
    expect(chat!.title).toBe("Tide-table fetch retries");
    expect(chat!.appHint).toEqual({
      name: "harborline",
      path: "/home/dev/harborline",
      origin: "cwd",
    });
    expect(chat!.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "add retry with backoff to the tide-table fetcher"],
      [
        "assistant",
        "I'll wrap the fetch in an exponential backoff.\n\nRetries now back off 1 s, 2 s, 4 s, then give up.",
      ],
    ]);
    expect(new Date(chat!.messages[0]!.createdAtMs).toISOString()).toBe("2026-02-10T08:00:05.000Z");
  });

  const line = (value: object) => JSON.stringify(value);
  const base = { sessionId: "s-1", cwd: "/p/app", isSidechain: false };

  it("skips sidechain and isMeta lines and flags compact summaries", () => {
    const text = [
      line({
        ...base,
        type: "user",
        timestamp: "2026-01-01T00:00:00Z",
        message: { role: "user", content: "hello" },
      }),
      line({
        ...base,
        type: "user",
        isMeta: true,
        timestamp: "2026-01-01T00:00:01Z",
        message: { role: "user", content: "<local-command-caveat>x" },
      }),
      line({
        ...base,
        type: "assistant",
        isSidechain: true,
        timestamp: "2026-01-01T00:00:02Z",
        message: { id: "m0", content: [{ type: "text", text: "sub-agent" }] },
      }),
      line({
        ...base,
        type: "assistant",
        timestamp: "2026-01-01T00:00:03Z",
        message: { id: "m1", content: [{ type: "thinking", thinking: "hmm" }] },
      }),
      line({
        ...base,
        type: "assistant",
        timestamp: "2026-01-01T00:00:04Z",
        message: { id: "m1", content: [{ type: "text", text: "part one" }] },
      }),
      line({
        ...base,
        type: "assistant",
        timestamp: "2026-01-01T00:00:05Z",
        message: { id: "m1", content: [{ type: "tool_use", id: "t", name: "Bash", input: {} }] },
      }),
      line({
        ...base,
        type: "user",
        timestamp: "2026-01-01T00:00:06Z",
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "t", content: "out" }],
        },
      }),
      line({
        ...base,
        type: "assistant",
        timestamp: "2026-01-01T00:00:07Z",
        message: { id: "m1", content: [{ type: "text", text: "part two" }] },
      }),
      line({
        ...base,
        type: "user",
        isCompactSummary: true,
        timestamp: "2026-01-01T00:00:08Z",
        message: { role: "user", content: "This session is being continued…" },
      }),
    ].join("\n");
    const [chat] = parseClaudeCode("/tmp/s-1.jsonl", text, 0);
    expect(
      chat!.messages.map((message) => [message.role, message.content, message.isCompactionSummary]),
    ).toEqual([
      ["user", "hello", false],
      ["assistant", "part one\n\npart two", false],
      ["user", "This session is being continued…", true],
    ]);
    expect(chat!.title).toBe("hello");
  });

  it("names the file and line of a truncated JSON line", () => {
    const good = line({
      ...base,
      type: "user",
      timestamp: "2026-01-01T00:00:00Z",
      message: { role: "user", content: "hi" },
    });
    const text = [good, good, good, good, good, good, '{"type":"user","message":{"rol'].join("\n");
    try {
      parseClaudeCode("/tmp/broken.jsonl", text, 0);
      expect.unreachable("should throw");
    } catch (error) {
      expect(error).toBeInstanceOf(ImportFormatError);
      expect((error as ImportFormatError).line).toBe(7);
      expect((error as ImportFormatError).message).toBe(
        "/tmp/broken.jsonl:7: not valid JSON (truncated or corrupt line)",
      );
    }
  });
});
