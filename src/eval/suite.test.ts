import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RecollectError } from "../errors/recollect-error.js";
import { curatedSuiteText } from "./curated/index.js";
import { holdoutSuiteText } from "./holdout/index.js";
import {
  contentWords,
  crudeStem,
  type EvalSuite,
  loadSuite,
  parseSuite,
  QUESTION_CATEGORIES,
  sharedContentWords,
} from "./suite/index.js";

const CURATED_PATH = fileURLToPath(new URL("../../eval/suites/curated.json", import.meta.url));
const HOLDOUT_PATH = fileURLToPath(new URL("../../eval/suites/holdout.json", import.meta.url));

function messageAt(suite: EvalSuite, chatKey: string, index: number): string {
  for (const app of suite.apps) {
    const chat = app.chats.find((candidate) => candidate.key === chatKey);
    if (chat) return chat.messages[index]!.content;
  }
  throw new Error(`no chat ${chatKey}`);
}

describe("curated suite file", () => {
  const suite = loadSuite(CURATED_PATH);

  it("is exactly what the authored specs generate (regenerate with write-curated-suite.ts)", () => {
    expect(readFileSync(CURATED_PATH, "utf8")).toBe(curatedSuiteText());
  });

  it("has at least 40 questions covering every category", () => {
    expect(suite.questions.length).toBe(53);
    const categories = new Set(suite.questions.map((question) => question.category));
    expect([...categories].sort()).toEqual([...QUESTION_CATEGORIES].sort());
  });

  it("has at least 20 noise chats in every app", () => {
    for (const app of suite.apps) {
      const noise = app.chats.filter((chat) => chat.key.includes("-noise-"));
      expect(noise.length, app.name).toBeGreaterThanOrEqual(20);
    }
  });

  it("spreads chats over months", () => {
    const months = new Set(
      suite.apps.flatMap((app) =>
        app.chats.map((chat) => chat.messages[0]!.created_at.slice(0, 7)),
      ),
    );
    expect(months.size).toBeGreaterThanOrEqual(6);
  });

  it("every vague question shares at most one content word with each gold message", () => {
    const vague = suite.questions.filter((question) => question.category === "vague_decision");
    expect(vague.length).toBe(9);
    for (const question of vague) {
      for (const ref of question.gold_evidence) {
        const shared = sharedContentWords(
          question.question,
          messageAt(suite, ref.chat, ref.message_index),
        );
        expect(shared.length, `${question.id}: ${shared.join(", ")}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it("marks superseded questions as expecting a conflict and absent questions without gold", () => {
    for (const question of suite.questions) {
      if (question.category === "superseded") expect(question.expect_conflict).toBe(true);
      if (question.expected === "absent") expect(question.gold_evidence).toEqual([]);
    }
  });

  it("has pending chats only in the app whose questions expect indexing", () => {
    const pendingApps = suite.apps
      .filter((app) => app.chats.some((chat) => chat.index_state === "pending"))
      .map((app) => app.key);
    expect(pendingApps).toEqual(["trailmix"]);
    for (const question of suite.questions.filter((q) => q.app === "trailmix")) {
      expect(question.expect_index_status).toBe("indexing");
    }
  });
});

describe("held-out suite file", () => {
  const suite = loadSuite(HOLDOUT_PATH);

  it("is exactly what its specs generate", () => {
    expect(readFileSync(HOLDOUT_PATH, "utf8")).toBe(holdoutSuiteText());
  });

  it("has 15 questions, 22 noise chats, and vague questions sharing at most one content word with gold", () => {
    expect(suite.questions.length).toBe(15);
    expect(suite.apps[0]!.chats.filter((chat) => chat.key.includes("-noise-")).length).toBe(22);
    for (const question of suite.questions.filter((q) => q.category === "vague_decision")) {
      for (const ref of question.gold_evidence) {
        const shared = sharedContentWords(
          question.question,
          messageAt(suite, ref.chat, ref.message_index),
        );
        expect(shared.length, `${question.id}: ${shared.join(", ")}`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("parseSuite", () => {
  const minimal = {
    version: 1,
    name: "t",
    apps: [
      {
        key: "a",
        name: "A",
        chats: [
          {
            key: "c1",
            messages: [
              { role: "user", content: "hello", created_at: "2026-01-01T00:00:00Z" },
              { role: "assistant", content: "hi", created_at: "2026-01-01T00:01:00Z" },
            ],
          },
        ],
      },
    ],
    questions: [
      {
        id: "q1",
        app: "a",
        question: "hello?",
        category: "exact_recall",
        expected: "found",
        gold_evidence: [{ chat: "c1", message_index: 0 }],
      },
    ],
  };

  it("accepts a minimal valid suite", () => {
    expect(parseSuite(JSON.stringify(minimal)).questions[0]!.id).toBe("q1");
  });

  it("keeps current_evidence that gold_evidence also lists", () => {
    const current = [{ chat: "c1", message_index: 0 }];
    const suite = {
      ...minimal,
      questions: [{ ...minimal.questions[0], current_evidence: current }],
    };
    expect(parseSuite(JSON.stringify(suite)).questions[0]!.current_evidence).toEqual(current);
  });

  it.each([
    [
      "gold in a missing message",
      { gold_evidence: [{ chat: "c1", message_index: 2 }] },
      'questions.0.gold_evidence.0.message_index: chat "c1" has 2 messages',
    ],
    [
      "gold in an unknown chat",
      { gold_evidence: [{ chat: "zz", message_index: 0 }] },
      'questions.0.gold_evidence.0.chat: unknown chat "zz"',
    ],
    ["an unknown app", { app: "b" }, 'questions.0.app: unknown app "b"'],
    [
      "absent with gold",
      { expected: "absent" },
      "questions.0.gold_evidence: an absent question has no gold evidence",
    ],
    [
      "the in-flight message as gold",
      { current_chat: "c1", gold_evidence: [{ chat: "c1", message_index: 1 }] },
      "questions.0.gold_evidence.0.message_index: the in-flight message cannot be evidence",
    ],
    [
      "current evidence outside gold",
      {
        gold_evidence: [{ chat: "c1", message_index: 0 }],
        current_evidence: [
          { chat: "c1", message_index: 0 },
          { chat: "c1", message_index: 1 },
        ],
      },
      'questions.0.current_evidence.1: message 1 of chat "c1" is not in gold_evidence',
    ],
    [
      "more than 32 current messages",
      { current_evidence: Array.from({ length: 33 }, () => ({ chat: "c1", message_index: 0 })) },
      "questions.0.current_evidence: Too big: expected array to have <=32 items",
    ],
  ])("rejects %s, naming the path", (_name, patch, message) => {
    const bad = { ...minimal, questions: [{ ...minimal.questions[0], ...patch }] };
    expect(() => parseSuite(JSON.stringify(bad), "s.json")).toThrow(
      `s.json: not a valid eval suite: ${message}`,
    );
  });

  it("rejects non-JSON as an import_format error", () => {
    try {
      parseSuite("{", "s.json");
      expect.unreachable();
    } catch (error) {
      expect(RecollectError.isInstance(error) && error.kind).toBe("import_format");
    }
  });

  it("names --suite when the file cannot be read", () => {
    expect(() => loadSuite("/nonexistent/suite.json")).toThrow(
      "Invalid --suite: expected a readable suite JSON file (/nonexistent/suite.json: ENOENT).",
    );
  });
});

describe("contentWords", () => {
  it("drops stopwords and stems plurals and -ing", () => {
    expect([...contentWords("How do people log in with magic links?")]).toEqual([
      "people",
      "log",
      "magic",
      "link",
    ]);
    expect(crudeStem("logging")).toBe("logg");
    expect(crudeStem("is")).toBe("is");
  });

  it("finds the shared stems of two texts", () => {
    expect(
      sharedContentWords(
        "what happens when a player's connection drops",
        "Disconnected players rejoin",
      ),
    ).toEqual(["play"]);
  });
});
