/**
 * Seeded generator of a large chat history, written through the real store (migrations and
 * triggers included, so every message lands in the index queue exactly as an import would).
 *
 * Shape (issue #2 bench): `messages` (default 1,000,000) over `chats` (default 10,000) in `apps`
 * (default 50); chat lengths vary; user messages are short, assistant messages longer with
 * fenced code, file writes, thinking and tool payloads often enough that the projection has work.
 *
 * CLI: `tsx bench/generate-history.ts <db-path> [messages] [seed]` (used by the bench so the
 * generation's memory never counts toward the backfill's peak RSS).
 */
import { openStore } from "../src/store/open-store.js";
import { createRandom, createVocabulary, type Vocabulary } from "./vocabulary.js";

/** Options of {@link generateHistory}. */
export interface GenerateHistoryOptions {
  readonly path: string;
  readonly messages?: number;
  readonly chats?: number;
  readonly apps?: number;
  readonly seed?: number;
}

/** What was written. */
export interface GeneratedHistory {
  readonly messages: number;
  readonly chats: number;
  readonly apps: number;
  /** Characters of message content written. */
  readonly contentChars: number;
}

const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2025, 0, 1);

function sentence(vocabulary: Vocabulary, random: () => number, words: number): string {
  const parts: string[] = [];
  for (let n = 0; n < words; n += 1) parts.push(vocabulary.sample(random));
  const text = parts.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function prose(vocabulary: Vocabulary, random: () => number, words: number): string {
  const sentences: string[] = [];
  let left = words;
  while (left > 0) {
    const length = Math.min(left, 6 + Math.floor(random() * 14));
    sentences.push(sentence(vocabulary, random, length));
    left -= length;
  }
  return sentences.join(" ");
}

function codeLines(vocabulary: Vocabulary, random: () => number, lines: number): string {
  const out: string[] = [];
  for (let n = 0; n < lines; n += 1) {
    const name = vocabulary.sample(random);
    out.push(
      `  const ${name}${n} = await ${vocabulary.sample(random)}(${name}, "${vocabulary.sample(random)}");`,
    );
  }
  return out.join("\n");
}

/** A user message: 4–80 words, sometimes with a pasted snippet. */
function userMessage(vocabulary: Vocabulary, random: () => number): string {
  const words = 4 + Math.floor(random() ** 2 * 76);
  const text = prose(vocabulary, random, words);
  return random() < 0.08 ? `${text}\n\n\`\`\`\n${codeLines(vocabulary, random, 3)}\n\`\`\`` : text;
}

/** An assistant message: 20–400 words of prose plus, often, markup the projection removes. */
function assistantMessage(vocabulary: Vocabulary, random: () => number): string {
  const parts: string[] = [];
  if (random() < 0.15)
    parts.push(`<think>${prose(vocabulary, random, 30 + Math.floor(random() * 80))}</think>`);
  parts.push(prose(vocabulary, random, 20 + Math.floor(random() ** 2 * 380)));
  if (random() < 0.3) {
    parts.push(`\`\`\`ts\n${codeLines(vocabulary, random, 5 + Math.floor(random() * 30))}\n\`\`\``);
  }
  if (random() < 0.12) {
    const file = `src/${vocabulary.sample(random)}/${vocabulary.sample(random)}.ts`;
    parts.push(
      `<dyad-write path="${file}" description="${sentence(vocabulary, random, 4)}">\n${codeLines(vocabulary, random, 10 + Math.floor(random() * 40))}\n</dyad-write>`,
    );
  }
  if (random() < 0.06) {
    parts.push(
      `<tool-use data-tool-type="shell" data-tool-name="run_terminal_command_v2"><details><summary>Tool use: **run** • npm test</summary>\n\n${codeLines(vocabulary, random, 8)}\n</details></tool-use>`,
    );
  }
  if (random() < 0.3) parts.push(prose(vocabulary, random, 10 + Math.floor(random() * 60)));
  return parts.join("\n\n");
}

/**
 * Writes the history into a fresh store at `path` (the file must not hold another history).
 * Deterministic for a given seed and size. Inserts in transactions of 5,000 messages.
 */
export function generateHistory(options: GenerateHistoryOptions): GeneratedHistory {
  const messages = options.messages ?? 1_000_000;
  const chats = options.chats ?? Math.max(1, Math.min(10_000, Math.round(messages / 100)));
  const apps = options.apps ?? Math.max(1, Math.min(50, chats));
  const random = createRandom(options.seed ?? 42);
  const vocabulary = createVocabulary((options.seed ?? 42) + 1);
  using store = openStore({ path: options.path });
  const { db } = store;
  db.pragma("synchronous = OFF");
  const insertApp = db.prepare("INSERT INTO apps (id, name, created_at) VALUES (?, ?, ?)");
  const insertChat = db.prepare(
    "INSERT INTO chats (id, app_id, title, created_at, source, external_id) VALUES (?, ?, ?, ?, 'bench', ?)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO messages (chat_id, role, content, is_compaction_summary, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let app = 1; app <= apps; app += 1) insertApp.run(app, `bench-app-${app}`, START_MS);
  })();
  // Chat lengths vary (some long, many short) but sum exactly to `messages`.
  const weights = Array.from({ length: chats }, () => 0.2 + random() ** 3 * 4);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const lengths = weights.map((weight) => Math.max(1, Math.floor((weight / weightSum) * messages)));
  let assigned = lengths.reduce((sum, length) => sum + length, 0);
  for (let index = 0; assigned !== messages; index = (index + 1) % chats) {
    const step = assigned < messages ? 1 : -1;
    if (step === -1 && (lengths[index] ?? 1) <= 1) continue;
    lengths[index] = (lengths[index] ?? 1) + step;
    assigned += step;
  }
  let contentChars = 0;
  let pending = 0;
  db.exec("BEGIN");
  for (let chat = 1; chat <= chats; chat += 1) {
    const app = 1 + ((chat - 1) % apps);
    const chatStart = START_MS + Math.floor(((chat - 1) / chats) * 365 * DAY_MS);
    insertChat.run(
      chat,
      app,
      sentence(vocabulary, random, 3 + Math.floor(random() * 4)),
      chatStart,
      `c${chat}`,
    );
    const length = lengths[chat - 1] ?? 1;
    for (let turn = 0; turn < length; turn += 1) {
      const role = turn % 2 === 0 ? "user" : "assistant";
      const content =
        role === "user" ? userMessage(vocabulary, random) : assistantMessage(vocabulary, random);
      const compaction = role === "assistant" && random() < 0.01 ? 1 : 0;
      contentChars += content.length;
      insertMessage.run(chat, role, content, compaction, chatStart + turn * 30_000);
      pending += 1;
      if (pending >= 5_000) {
        db.exec("COMMIT");
        db.exec("BEGIN");
        pending = 0;
      }
    }
  }
  db.exec("COMMIT");
  return { messages, chats, apps, contentChars };
}

if (process.argv[1]?.endsWith("generate-history.ts")) {
  const [path, messages, seed] = process.argv.slice(2);
  if (path === undefined) {
    process.stderr.write("usage: tsx bench/generate-history.ts <db-path> [messages] [seed]\n");
    process.exit(2);
  }
  const result = generateHistory({
    path,
    messages: messages === undefined ? undefined : Number(messages),
    seed: seed === undefined ? undefined : Number(seed),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
