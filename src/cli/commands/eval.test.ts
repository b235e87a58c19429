import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OFFLINE_STAGES } from "../../agent/tools/explore-chat-history/offline/policy-parameters.js";
import { BEAM_CHAT, BEAM_QUESTIONS, writeBeamFolder } from "../../eval/beam/beam-fixture.js";
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

/** `--json eval` of {@link SUITE} limited to its absent question, q2 (a fresh suite file each call). */
const ABSENT_ONLY_JSON = () => ["--json", "eval", "--suite", suiteFile(SUITE), "--question", "q2"];

describe("recollect eval", () => {
  it("prints the quality and cost tables and the goals", async () => {
    const run = await runCaptured(["eval", "--suite", suiteFile(SUITE), "--engine", "offline"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^suite cli-suite · engine offline \(recollect-offline-\d+\) · 2 questions · \d+ cores · load average \d+\.\d → \d+\.\d · suite loaded in \d+ ms$/,
    );
    expect(lines).toContain(
      "category      n  recall  precision  abstain  fabricated  conflict rec  conflict prec  index  failed",
    );
    expect(lines).toContain("answer goals (issue 28; only those the run has questions for)");
    expect(
      lines.some((line) => /^category +n +answer@1 +answer@3 +current-first /.test(line)),
    ).toBe(true);
    expect(run.stdout).toMatch(/\n {2}(MET |MISS) {2}fabricated citations = 0 \(actual 0\)\n/);
    expect(run.stdout).not.toContain("Meilisearch");
  });

  it("--json prints the whole result with scores per question", async () => {
    const run = await runCaptured(ABSENT_ONLY_JSON());
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      scores: { id: string; fabricated: number }[];
      facts: { observed: number; report: { findings: number[][] } | null }[];
      overall: { answerAt1: number | null; confidentWrongAbsent: number | null };
    };
    expect(result.scores.map((score) => [score.id, score.fabricated])).toEqual([["q2", 0]]);
    expect(Array.isArray(result.facts[0]?.report?.findings)).toBe(true);
    expect(result.overall.answerAt1).toBeNull();
    expect([0, 1]).toContain(result.overall.confidentWrongAbsent);
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

  it("--beam runs a BEAM folder through the same path, per BEAM category, with the floor", async () => {
    const dir = writeBeamFolder({ 1: { chat: BEAM_CHAT, questions: BEAM_QUESTIONS } });
    dirs.push(dir);
    const run = await runCaptured(["--json", "eval", "--beam", dir, "--conversations", "1"]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      suite: string;
      categories: { group: string; questions: number; foundQuestions: number }[];
      scores: { id: string; fabricated: number; floorRecall10: number | null }[];
      skipped: string[];
    };
    expect(result.categories.map((c) => [c.group, c.questions, c.foundQuestions])).toEqual([
      ["knowledge_update", 2, 2],
      ["event_ordering", 1, 1],
      ["abstention", 1, 0],
    ]);
    expect(result.skipped).toEqual(["beam-1-summarization-1"]);
    expect(result.scores.map((score) => score.fabricated)).toEqual([0, 0, 0, 0]);
    // "Where is the app deployed?" → "app" OR "deployed": porter matches "deploy" in messages 1 and 6.
    expect(result.scores[0]?.floorRecall10).toBe(1);
    expect(result.scores[3]?.floorRecall10).toBeNull();
  });

  it("--beam --question runs one question and prints the explorer-vs-floor table", async () => {
    const dir = writeBeamFolder({ 1: { chat: BEAM_CHAT, questions: BEAM_QUESTIONS } });
    dirs.push(dir);
    const run = await runCaptured([
      "eval",
      "--beam",
      dir,
      "--question",
      "beam-1-knowledge_update-1",
    ]);
    expect(run.code).toBe(0);
    // found 1; cited, explorer, floor@cited, ratio vary with the policy; floor@3/@5/@10 do not.
    expect(run.stdout).toMatch(
      /\nknowledge_update +1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.x-]+ +1\.00 +1\.00 +1\.00 /,
    );
    expect(run.stdout).not.toContain("Heroku");
  });

  it("classifies bad --beam, --conversations, --question and option mixes (exit 2)", async () => {
    const dir = writeBeamFolder({ 1: { chat: BEAM_CHAT, questions: BEAM_QUESTIONS } });
    dirs.push(dir);
    const cases: [string[], string][] = [
      [["eval"], "Invalid --suite / --beam"],
      [["eval", "--beam", dir, "--suite", "x.json"], "Invalid --suite / --beam"],
      [["eval", "--beam", join(dir, "nope")], "Invalid --beam"],
      [["eval", "--beam", dir, "--conversations", "1,x"], "Invalid --conversations"],
      [["eval", "--beam", dir, "--conversations", "2"], "Invalid --conversations"],
      [["eval", "--beam", dir, "--limit", "0"], "Invalid --limit"],
      [
        ["eval", "--beam", dir, "--limit", "abc"],
        'Invalid --limit: expected a positive integer (got "abc")',
      ],
      [
        ["eval", "--beam", dir, "--ablate", "expand", "--engine", "openai"],
        "Invalid --ablate: expected the offline engine",
      ],
      [["eval", "--beam", dir, "--question", "nope"], "Invalid --question"],
      [["eval", "--suite", suiteFile(SUITE), "--limit", "1"], "--limit needs --beam: "],
    ];
    for (const [args, message] of cases) {
      const run = await runCaptured(args);
      expect([args.join(" "), run.code, run.stderr.startsWith(`recollect: ${message}`)]).toEqual([
        args.join(" "),
        2,
        true,
      ]);
      expect(run.stdout).toBe("");
    }
  });

  it("--compare prints the gap to an earlier run's --json output, per shared category", async () => {
    // The earlier run: the same suite with only the absent question, written as --json.
    const earlier = await runCaptured(ABSENT_ONLY_JSON());
    expect(earlier.code).toBe(0);
    const earlierPath = suiteFile(earlier.stdout);
    const run = await runCaptured([
      "--json",
      "eval",
      "--suite",
      suiteFile(SUITE),
      "--compare",
      earlierPath,
    ]);
    expect(run.code).toBe(0);
    type Figure = { compared: number | null; current: number | null; gap: number | null };
    const result = JSON.parse(run.stdout) as {
      overall: { recall: number | null; abstention: number | null };
      gap: {
        compared: { suite: string };
        rows: { group: string; questions: object; recall: Figure; abstention: Figure }[];
        paired: { questions: number; moves: { figure: string; questions: number }[] } | null;
      };
    };
    expect(result.gap.compared.suite).toBe("cli-suite");
    // The absent question is in both runs: compared question by question, on abstention only.
    expect(result.gap.paired?.questions).toBe(1);
    expect(result.gap.paired?.moves.find((m) => m.figure === "abstained")?.questions).toBe(1);
    expect(result.gap.rows.map((row) => [row.group, row.questions])).toEqual([
      ["overall", { compared: 1, current: 2 }],
      ["no_match", { compared: 1, current: 1 }],
    ]);
    const overall = result.gap.rows[0]!;
    expect(overall.recall).toEqual({ compared: null, current: result.overall.recall, gap: null });
    const earlierAbstention = (JSON.parse(earlier.stdout) as { overall: { abstention: number } })
      .overall.abstention;
    expect(overall.abstention).toEqual({
      compared: earlierAbstention,
      current: result.overall.abstention,
      gap: (result.overall.abstention ?? 0) - earlierAbstention,
    });
    const text = await runCaptured(["eval", "--suite", suiteFile(SUITE), "--compare", earlierPath]);
    expect(text.stdout).toContain("\ngap · this run: cli-suite (");
    expect(text.stdout).toMatch(/\nno_match {2,}1\/1 /);
    expect(text.stdout).toMatch(/\nabstained {2,}1 {2,}0 {2,}0 {2,}1\.00\n/);
  });

  it("classifies a bad --compare file before running anything", async () => {
    const missing = await runCaptured([
      "eval",
      "--suite",
      suiteFile(SUITE),
      "--compare",
      "/nonexistent/run.json",
    ]);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      "recollect: Invalid --compare: expected a readable JSON file written by recollect eval --json (/nonexistent/run.json: ENOENT).\n",
    ]);
    const notRun = suiteFile(SUITE);
    const wrong = await runCaptured(["eval", "--suite", suiteFile(SUITE), "--compare", notRun]);
    expect([wrong.code, wrong.stdout]).toEqual([8, ""]);
    expect(wrong.stderr).toBe(
      `recollect: ${notRun}: not recollect eval --json output: suite: Invalid input: expected string, received undefined\n`,
    );
  });

  it("names the malformed BEAM file (exit 8)", async () => {
    const dir = writeBeamFolder({ 1: { chat: "{", questions: BEAM_QUESTIONS } });
    dirs.push(dir);
    const run = await runCaptured(["eval", "--beam", dir]);
    expect(run.code).toBe(8);
    expect(run.stderr).toContain(`${join(dir, "1", "chat.json")}: not valid JSON`);
  });

  it("--ablation runs the full pipeline, then each offline stage off, as one table per metric", async () => {
    const dir = writeBeamFolder({ 1: { chat: BEAM_CHAT, questions: BEAM_QUESTIONS } });
    dirs.push(dir);
    const run = await runCaptured(["--json", "eval", "--beam", dir, "--ablation"]);
    expect(run.code).toBe(0);
    const runs = JSON.parse(run.stdout) as { off: string[]; modelId: string; overall: object }[];
    expect(runs.map((entry) => entry.off)).toEqual([[], ...OFFLINE_STAGES.map((stage) => [stage])]);
    expect(new Set(runs.map((entry) => entry.modelId)).size).toBe(runs.length);
    const text = await runCaptured([
      "eval",
      "--beam",
      dir,
      "--ablation",
      "--question",
      "beam-1-knowledge_update-1",
    ]);
    expect(text.stdout.split("\n")[3]?.split(/ +/)).toEqual([
      "category",
      "all",
      ...OFFLINE_STAGES.map((stage) => `-${stage}`),
    ]);
  });

  it("--ablate switches the named stages off and names them in the engine's model id", async () => {
    const dir = writeBeamFolder({ 1: { chat: BEAM_CHAT, questions: BEAM_QUESTIONS } });
    dirs.push(dir);
    const run = await runCaptured(["--json", "eval", "--beam", dir, "--ablate", "expand,fuse"]);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { engine: { modelId: string } }).engine.modelId).toMatch(
      /-no-expand-no-fuse$/,
    );
    for (const args of [
      ["--ablate", "nope"],
      ["--ablate", "expand", "--ablation"],
    ]) {
      const bad = await runCaptured(["eval", "--beam", dir, ...args]);
      expect([bad.code, bad.stderr.startsWith("recollect: Invalid --ablate")]).toEqual([2, true]);
    }
  });
});
