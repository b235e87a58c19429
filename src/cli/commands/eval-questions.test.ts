/**
 * `recollect eval --suite FILE --questions SET`: a question set kept apart from the suite's chats
 * runs over them instead of the suite's own questions; a set for another suite, a reference to a
 * chat the suite lacks, an unreadable file and `--questions` without `--suite` are refused before
 * anything runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCaptured } from "./testing/run-captured.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function jsonFile(name: string, content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-eval-questions-"));
  dirs.push(dir);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const HISTORIES = {
  version: 1,
  name: "queue-histories",
  apps: [
    {
      key: "q",
      name: "Queueing",
      chats: [
        {
          key: "q1",
          title: "Background jobs",
          messages: [
            { role: "user", content: "Sidekiq or BullMQ?", created_at: "2026-02-01T09:00:00Z" },
            {
              role: "assistant",
              content: "We settled on BullMQ on Redis for background jobs.",
              created_at: "2026-02-01T09:02:00Z",
            },
          ],
        },
      ],
    },
  ],
  questions: [
    {
      id: "own",
      app: "q",
      question: "Which payment provider did we choose?",
      category: "no_match",
      expected: "absent",
      gold_evidence: [],
    },
  ],
};

const question = (chat: string) => ({
  id: "jobs",
  app: "q",
  question: "Which job queue did we settle on?",
  category: "exact_recall",
  expected: "found",
  gold_evidence: [{ chat, message_index: 1 }],
});

const set = (extra: Record<string, unknown> = {}) => ({
  version: 1,
  name: "queue-questions",
  suite: "queue-histories",
  questions: [question("q1")],
  ...extra,
});

describe("recollect eval --questions", () => {
  it("runs the set's questions over the suite's chats, named after the set", async () => {
    const run = await runCaptured([
      "--json",
      "eval",
      "--suite",
      jsonFile("suite.json", HISTORIES),
      "--questions",
      jsonFile("set.json", set()),
    ]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { suite: string; scores: { id: string }[] };
    expect([result.suite, result.scores.map((score) => score.id)]).toEqual([
      "queue-questions",
      ["jobs"],
    ]);
  });

  it("refuses a set for another suite or citing a chat the suite lacks (exit 8)", async () => {
    const suite = jsonFile("suite.json", HISTORIES);
    const cases: [unknown, string][] = [
      [set({ suite: "other" }), 'the questions are for suite "other"'],
      [set({ questions: [question("q9")] }), "questions.0.gold_evidence.0.chat"],
      [set({ questions: [] }), "not a valid question set: questions:"],
    ];
    for (const [content, message] of cases) {
      const run = await runCaptured([
        "eval",
        "--suite",
        suite,
        "--questions",
        jsonFile("s.json", content),
      ]);
      expect([run.code, run.stderr.includes(message), run.stdout]).toEqual([8, true, ""]);
    }
  });

  it("names --questions when it cannot be read, or is given without --suite (exit 2)", async () => {
    const missing = await runCaptured([
      "eval",
      "--suite",
      jsonFile("suite.json", HISTORIES),
      "--questions",
      "/nonexistent/set.json",
    ]);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      "recollect: Invalid --questions: expected a readable question set JSON file (/nonexistent/set.json: ENOENT).\n",
    ]);
    const alone = await runCaptured(["eval", "--beam", "/tmp", "--questions", "x.json"]);
    expect([alone.code, alone.stderr.startsWith("recollect: --questions needs --suite: ")]).toEqual(
      [2, true],
    );
  });
});
