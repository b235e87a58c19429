import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCaptured } from "./testing/run-captured.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function suiteFile(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-eval-cli-"));
  dirs.push(dir);
  const path = join(dir, "suite.json");
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const SUITE = {
  version: 1,
  name: "cli-suite",
  apps: [
    {
      key: "a",
      name: "Alpha",
      chats: [
        {
          key: "a1",
          title: "Search backend",
          messages: [
            {
              role: "user",
              content: "Algolia or Meilisearch for search?",
              created_at: "2026-03-05T11:00:00Z",
            },
            {
              role: "assistant",
              content: "Decision: we use Meilisearch, hosted on Fly.io.",
              created_at: "2026-03-05T11:04:00Z",
            },
          ],
        },
      ],
    },
  ],
  questions: [
    {
      id: "q1",
      app: "a",
      question: "Which search engine did we choose, Meilisearch?",
      category: "exact_recall",
      expected: "found",
      gold_evidence: [{ chat: "a1", message_index: 1 }],
    },
    {
      id: "q2",
      app: "a",
      question: "Which payment provider did we choose?",
      category: "no_match",
      expected: "absent",
      gold_evidence: [],
    },
  ],
};

describe("recollect eval", () => {
  it("prints the quality and cost tables and the goals", async () => {
    const run = await runCaptured(["eval", "--suite", suiteFile(SUITE), "--engine", "offline"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^suite cli-suite · engine offline \(recollect-offline-\d+\) · 2 questions · \d+ cores · load \d+ ms$/,
    );
    expect(lines).toContain(
      "category      n  recall  precision  abstain  fabricated  conflicts  index  failed",
    );
    expect(run.stdout).toMatch(/\n {2}(MET |MISS) {2}fabricated citations = 0 \(actual 0\)\n/);
    expect(run.stdout).not.toContain("Meilisearch");
  });

  it("--json prints the whole result with scores per question", async () => {
    const run = await runCaptured([
      "--json",
      "eval",
      "--suite",
      suiteFile(SUITE),
      "--question",
      "q2",
    ]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      scores: { id: string; fabricated: number }[];
      facts: { observed: number }[];
    };
    expect(result.scores.map((score) => [score.id, score.fabricated])).toEqual([["q2", 0]]);
    expect(typeof result.facts[0]?.observed).toBe("number");
  });

  it("rejects an invalid suite before running anything (exit 8, path named)", async () => {
    const bad = { ...SUITE, questions: [{ ...SUITE.questions[0], app: "zz" }] };
    const run = await runCaptured(["eval", "--suite", suiteFile(bad)]);
    expect(run.code).toBe(8);
    expect(run.stderr).toContain('not a valid eval suite: questions.0.app: unknown app "zz"');
    expect(run.stdout).toBe("");
  });

  it("names --suite when the file is missing (exit 2)", async () => {
    const run = await runCaptured(["eval", "--suite", "/nonexistent/suite.json"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "recollect: Invalid --suite: expected a readable suite JSON file (/nonexistent/suite.json: ENOENT).\n",
    );
  });
});
