/**
 * Test fixture: a tiny synthetic BEAM-shaped folder written into a temp dir (the real data set is
 * never copied into the project). Used by the adapter and CLI tests.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Per conversation number: the `chat.json` and `probing_questions.json` values (a string is written as is). */
export type BeamFiles = Record<number, { chat: unknown; questions: unknown }>;

/** Writes `files` as a BEAM folder under a new temp dir and returns the dir (the caller deletes it). */
export function writeBeamFolder(files: BeamFiles): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-beam-test-"));
  for (const [number, { chat, questions }] of Object.entries(files)) {
    mkdirSync(join(dir, number, "probing_questions"), { recursive: true });
    const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
    writeFileSync(join(dir, number, "chat.json"), text(chat));
    writeFileSync(
      join(dir, number, "probing_questions", "probing_questions.json"),
      text(questions),
    );
  }
  return dir;
}

/** One BEAM message. */
export const beamMessage = (id: number, role: "user" | "assistant", content: string) => ({
  id,
  role,
  content,
});
const msg = beamMessage;
/** `chat.json`: two batches, three turn groups; the deploy target changes from Heroku to Fly.io. */
export const BEAM_CHAT = [
  {
    batch_number: 1,
    time_anchor: null,
    turns: [
      [
        { ...msg(0, "user", "Where should I deploy my Flask app?\nIt is small."), index: "1,1" },
        msg(1, "assistant", "Heroku is the simplest place to deploy it."),
        msg(2, "user", "And the database?"),
        msg(3, "assistant", "Use SQLite for now."),
      ],
      [msg(4, "user", "How do I add charts?"), msg(5, "assistant", "Chart.js draws them.")],
    ],
  },
  {
    batch_number: 2,
    time_anchor: null,
    turns: [
      [msg(6, "user", "I moved the deploy to Fly.io."), msg(7, "assistant", "Fly.io works.")],
    ],
  },
];

/** `probing_questions.json`: a two-chat update (with an `answer`), a one-chat update (an `ideal_answer`), nested ids, an abstention, one without gold. */
export const BEAM_QUESTIONS = {
  knowledge_update: [
    {
      question: "Where is the app deployed?",
      source_chat_ids: { original_info: [1], updated_info: [6] },
      answer: "Fly.io",
    },
    {
      question: "Which database?",
      source_chat_ids: { original_info: [3], updated_info: [3] },
      ideal_answer: "PostgreSQL",
    },
  ],
  event_ordering: [{ question: "What came first?", source_chat_ids: [[0, 4], 6, [4]] }],
  abstention: [{ question: "What is my cat called?", source_chat_ids: null }],
  summarization: [{ question: "Summarize everything.", source_chat_ids: [] }],
};
