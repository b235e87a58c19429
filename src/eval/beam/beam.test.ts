import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ImportFormatError, InvalidInputError } from "../../errors/recollect-error.js";
import {
  BEAM_CHAT,
  BEAM_QUESTIONS,
  type BeamFiles,
  beamMessage,
  writeBeamFolder,
} from "./beam-fixture.js";
import { flattenIds, loadBeamFolder } from "./index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function beamFolder(files: BeamFiles): string {
  const dir = writeBeamFolder(files);
  dirs.push(dir);
  return dir;
}

const CHAT = BEAM_CHAT;
const QUESTIONS = BEAM_QUESTIONS;
const msg = beamMessage;

describe("flattenIds", () => {
  it("flattens ids, nested lists and dicts of lists in file order", () => {
    expect(flattenIds([1, [2, [3]], { a: [4], b: [[5]] }])).toEqual([1, 2, 3, 4, 5]);
    expect(flattenIds(null)).toEqual([]);
    expect(flattenIds(undefined)).toEqual([]);
  });
});

describe("loadBeamFolder on a synthetic BEAM folder", () => {
  it("maps a conversation to an app, turn groups to titled chats, and ids to gold messages", () => {
    const dir = beamFolder({ 3: { chat: CHAT, questions: QUESTIONS } });
    const { suite, skipped } = loadBeamFolder(dir);
    expect(suite.apps.map((app) => [app.key, app.name])).toEqual([["beam-3", "beam-3"]]);
    const chats = suite.apps[0]!.chats;
    expect(chats.map((chat) => [chat.key, chat.title, chat.messages.length])).toEqual([
      ["beam-3-g1", "Where should I deploy my Flask app?", 4],
      ["beam-3-g2", "How do I add charts?", 2],
      ["beam-3-g3", "I moved the deploy to Fly.io.", 2],
    ]);
    expect(chats.flatMap((chat) => chat.messages.map((m) => m.created_at))).toEqual([
      "2024-01-01T00:00:00.000Z",
      "2024-01-01T00:01:00.000Z",
      "2024-01-01T00:02:00.000Z",
      "2024-01-01T00:03:00.000Z",
      "2024-01-01T01:00:00.000Z",
      "2024-01-01T01:01:00.000Z",
      "2024-01-08T00:00:00.000Z",
      "2024-01-08T00:01:00.000Z",
    ]);
    expect(chats[0]!.messages[0]!.content).toBe(
      "Where should I deploy my Flask app?\nIt is small.",
    );
    expect(
      suite.questions.map((q) => [
        q.id,
        q.category,
        q.expected,
        q.gold_evidence,
        q.expect_conflict,
        q.answer,
      ]),
    ).toEqual([
      [
        "beam-3-knowledge_update-1",
        "knowledge_update",
        "found",
        [
          { chat: "beam-3-g1", message_index: 1 },
          { chat: "beam-3-g3", message_index: 0 },
        ],
        true,
        "Fly.io",
      ],
      [
        "beam-3-knowledge_update-2",
        "knowledge_update",
        "found",
        [{ chat: "beam-3-g1", message_index: 3 }],
        undefined,
        "PostgreSQL",
      ],
      [
        "beam-3-event_ordering-1",
        "event_ordering",
        "found",
        [
          { chat: "beam-3-g1", message_index: 0 },
          { chat: "beam-3-g2", message_index: 0 },
          { chat: "beam-3-g3", message_index: 0 },
        ],
        undefined,
        undefined,
      ],
      ["beam-3-abstention-1", "abstention", "absent", [], undefined, undefined],
    ]);
    expect(skipped).toEqual(["beam-3-summarization-1"]);
  });

  it("selects conversations by number or by a limit, in numeric order", () => {
    const dir = beamFolder({
      10: { chat: CHAT, questions: {} },
      2: { chat: CHAT, questions: {} },
      7: { chat: CHAT, questions: QUESTIONS },
    });
    const keys = (selection: Parameters<typeof loadBeamFolder>[1]) =>
      loadBeamFolder(dir, selection).suite.apps.map((app) => app.key);
    expect(() => loadBeamFolder(dir, { conversations: [2, 10] })).toThrow(/questions/);
    expect(keys({ conversations: [7, 2], limit: 1 })).toEqual(["beam-7"]);
    expect(keys({})).toEqual(["beam-2", "beam-7", "beam-10"]);
    expect(() => loadBeamFolder(dir, { conversations: [4] })).toThrow(InvalidInputError);
    expect(() => loadBeamFolder(dir, { limit: 0 })).toThrow(InvalidInputError);
  });
});

describe("loadBeamFolder on a malformed folder", () => {
  const failure = (files: BeamFiles) => {
    const dir = beamFolder(files);
    try {
      loadBeamFolder(dir);
    } catch (error) {
      return { dir, error: error as Error };
    }
    throw new Error("expected a failure");
  };

  it("names the file that is not JSON", () => {
    const { dir, error } = failure({ 1: { chat: "[{", questions: QUESTIONS } });
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).file).toBe(join(dir, "1", "chat.json"));
    expect(error.message).toContain("not valid JSON");
  });

  it("names the file and the JSON path of a value that breaks the format", () => {
    const bad = [{ ...CHAT[0], turns: [[{ id: 0, role: "system", content: "x" }]] }];
    const { dir, error } = failure({ 1: { chat: bad, questions: QUESTIONS } });
    expect(error.message).toMatch(
      new RegExp(`^${join(dir, "1", "chat.json")}: not a BEAM file: 0\\.turns\\.0\\.0\\.role: `),
    );
  });

  it("rejects an unknown ability and a gold id that names no message, naming the questions file", () => {
    const questionsFile = (dir: string) =>
      join(dir, "1", "probing_questions", "probing_questions.json");
    const unknown = failure({ 1: { chat: CHAT, questions: { telepathy: [] } } });
    expect((unknown.error as ImportFormatError).file).toBe(questionsFile(unknown.dir));
    const dangling = failure({
      1: { chat: CHAT, questions: { event_ordering: [{ question: "q", source_chat_ids: [99] }] } },
    });
    expect(dangling.error.message).toBe(
      `${questionsFile(dangling.dir)}: event_ordering[0].source_chat_ids: no message with id 99 in chat.json`,
    );
  });

  it("rejects a repeated message id and a missing questions file", () => {
    const twice = [{ ...CHAT[0], turns: [[msg(0, "user", "a"), msg(0, "assistant", "b")]] }];
    expect(failure({ 1: { chat: twice, questions: {} } }).error.message).toContain(
      "message id 0 appears twice",
    );
    const dir = beamFolder({ 1: { chat: CHAT, questions: {} } });
    rmSync(join(dir, "1", "probing_questions"), { recursive: true });
    expect(() => loadBeamFolder(dir)).toThrow(/probing_questions\.json: cannot be read \(ENOENT\)/);
  });

  it("rejects a folder without numbered conversations as invalid --beam input", () => {
    const empty = mkdtempSync(join(tmpdir(), "recollect-beam-empty-"));
    dirs.push(empty);
    expect(() => loadBeamFolder(empty)).toThrow(InvalidInputError);
    expect(() => loadBeamFolder(join(empty, "missing"))).toThrow(/Invalid --beam/);
  });
});
