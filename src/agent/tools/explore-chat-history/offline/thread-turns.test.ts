/**
 * The turns that settle a cited message in its chat (thread-turns.ts): the person's reaction to an
 * assistant turn or the assistant's answer to the person's question, and the chat's last turn on
 * the subject; and the person's request an assistant turn answers.
 */
import { describe, expect, test } from "vitest";
import { observation } from "./testing/offline-test-fixtures.js";
import { promptTurn, threadTurns } from "./thread-turns.js";

const chat = [
  observation("c1", "Which queue should the worker use?"),
  observation("c2", "I suggest BullMQ for the worker queue.", { role: "assistant" }),
  observation("c3", "Sounds good."),
  observation("c4", "Unrelated: rename the footer links.", { role: "assistant" }),
  observation("c5", "Actually the worker queue goes on SQS."),
  observation("c6", "Should the worker queue retry?"),
  observation("c9", "Other chat about the worker queue.", { chatId: 2 }),
];
const scores: Record<string, number> = { c1: 1, c2: 2, c5: 1.5, c6: 1.8, c9: 3 };
const options = {
  observations: chat,
  scoreOf: (id: string) => scores[id] ?? 0,
  subjectShare: 0.5,
};
const turns = (id: string) =>
  threadTurns(chat.find((item) => item.candidateId === id) ?? chat[0]!, options).map((turn) => [
    turn.observation.candidateId,
    turn.kind,
  ]);

describe("threadTurns", () => {
  test("an assistant proposal: the person's reply, then the last statement on the subject", () => {
    expect(turns("c2")).toEqual([
      ["c3", "reply"],
      ["c5", "last_word"],
    ]);
  });

  test("an assistant's last word is followed by the person's reaction to it", () => {
    const session = [
      observation("d1", "Which prompt library for init?", { chatId: 3, messageId: 1 }),
      observation("d2", "Use bun-promptx for init prompts.", {
        chatId: 3,
        messageId: 2,
        role: "assistant",
      }),
      observation("d3", "ok, add it to the spec", { chatId: 3, messageId: 3 }),
      observation("d4", "The init spec now uses bun-promptx for prompts.", {
        chatId: 3,
        messageId: 4,
        role: "assistant",
      }),
      observation("d5", "use @clack/prompts instead of bun-promptx", { chatId: 3, messageId: 5 }),
    ];
    const scored: Record<string, number> = { d2: 2, d4: 1.6, d5: 0.2 };
    const settled = threadTurns(session[1]!, {
      observations: session,
      scoreOf: (id) => scored[id] ?? 0,
      subjectShare: 0.5,
    });
    expect(settled.map((turn) => [turn.observation.candidateId, turn.kind])).toEqual([
      ["d3", "reply"],
      ["d4", "last_word"],
      ["d5", "reply"],
    ]);
  });

  test("a person's bare command after a proposal is skipped: the reaction is the turn after it", () => {
    const session = [
      observation("e1", "Fix Option 1: update docker-compose.yaml for the connection string.", {
        chatId: 4,
        messageId: 1,
        role: "assistant",
      }),
      observation("e2", "/code", { chatId: 4, messageId: 2 }),
      observation("e3", "do option 1 for me", { chatId: 4, messageId: 3 }),
    ];
    const settled = threadTurns(session[0]!, {
      observations: session,
      scoreOf: (id) => (id === "e1" ? 2 : 0),
      subjectShare: 0.5,
    });
    expect(settled.map((turn) => [turn.observation.candidateId, turn.kind])).toEqual([
      ["e3", "reply"],
    ]);
  });

  test("a long prompt on another subject after a pause is the next task, not a reaction", () => {
    const at = (minute: number) => `2025-11-22T23:${String(minute).padStart(2, "0")}:00.000Z`;
    const nextTask =
      "The export script writes the session's prompts and commits to a history file, but the response field holds the wrong text. Try to fix the export script so that each response field holds the answer to its prompt, and keep the prompt field as it is now.";
    const settled = (reply: string, minute: number) => {
      const session = [
        observation("f1", "Each piece has a cooldown of 10 seconds after it moves.", {
          chatId: 5,
          messageId: 1,
          role: "assistant",
          createdAt: at(0),
        }),
        observation("f2", reply, { chatId: 5, messageId: 2, createdAt: at(minute) }),
      ];
      const scored: Record<string, number> = { f1: 2 };
      return threadTurns(session[0]!, {
        observations: session,
        scoreOf: (id) => scored[id] ?? 0,
        subjectShare: 0.5,
      }).map((turn) => turn.observation.candidateId);
    };
    expect(settled(nextTask, 36)).toEqual([]);
    expect(settled(nextTask, 4)).toEqual(["f2"]);
    expect(settled("ok, make the first cooldown 3 seconds", 36)).toEqual(["f2"]);
  });

  test("a person's question: the assistant's answer, then the last word", () => {
    expect(turns("c1")).toEqual([
      ["c2", "reply"],
      ["c5", "last_word"],
    ]);
  });

  test("a person's statement: the assistant's reply after it is not attached", () => {
    expect(turns("c3")).toEqual([]);
  });

  test("a person's report that something is missing or broken: the assistant's reply answers it", () => {
    const report = (text: string) => {
      const session = [
        observation("e1", text, { chatId: 4, messageId: 1 }),
        observation("e2", "Your app connects without auth, but mongosh uses auth.", {
          chatId: 4,
          messageId: 2,
          role: "assistant",
        }),
      ];
      const options = { observations: session, scoreOf: () => 0, subjectShare: 0.5 };
      return threadTurns(session[0]!, options).map((turn) => turn.observation.candidateId);
    };
    expect(report("I write db.Products.find() in mongosh, and i don't see any entries.")).toEqual([
      "e2",
    ]);
    expect(report("The products list still isn't working after the fix.")).toEqual(["e2"]);
    expect(report("I write db.Products.find() in mongosh and see three entries.")).toEqual([]);
    expect(report("When my client calls the endpoint I get this error. Logs below.")).toEqual([
      "e2",
    ]);
    expect(report('When testing we recieved this "Database Error".')).toEqual(["e2"]);
    expect(report("Add error handling to the client.")).toEqual([]);
  });

  test("the assistant's answer to a report still counts when it ends by offering more", () => {
    const session = [
      observation("f1", "Calling the API I get a CORS error.", { chatId: 5, messageId: 1 }),
      observation("f2", "The API lacks a CORS policy for your client. Want me to add it?", {
        chatId: 5,
        messageId: 2,
        role: "assistant",
      }),
    ];
    const options = { observations: session, scoreOf: () => 0, subjectShare: 0.5 };
    expect(threadTurns(session[0]!, options).map((turn) => turn.observation.candidateId)).toEqual([
      "f2",
    ]);
  });

  test("a later question, another chat and an off-subject turn are never the last word", () => {
    expect(turns("c5")).toEqual([]);
  });
});

describe("threadTurns on a client's continuation prompt", () => {
  test("a reply that only asks to go on (a closing quote after its mark) settles nothing", () => {
    const session = [
      observation("c1", "I will move the worker queue to BullMQ.", { role: "assistant" }),
      observation("c2", '@agent Continue: "Continue to iterate?"'),
    ];
    const turnsOf = threadTurns(session[0]!, { ...options, observations: session });
    expect(turnsOf).toEqual([]);
  });
});

describe("promptTurn", () => {
  const session = [
    observation("c1", "Let's add local models from Ollama and LM Studio."),
    observation("c2", "Added Ollama and LM Studio as providers.", { role: "assistant" }),
    observation("c3", "Now fix the footer."),
    observation("c4", "Footer fixed.", { role: "assistant" }),
  ];
  const namesModels = (item: { text: string }) => /models?\b/i.test(item.text);
  const promptOf = (id: string) =>
    promptTurn(session.find((item) => item.candidateId === id)!, session, namesModels)
      ?.candidateId ?? null;

  test("an assistant turn: the person's request just before it, when it names the subject", () => {
    expect(promptOf("c2")).toBe("c1");
  });

  test("a request on another subject, or a person's own turn, has none", () => {
    expect(promptOf("c4")).toBeNull();
    expect(promptOf("c3")).toBeNull();
  });
});
