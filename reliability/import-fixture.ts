/**
 * Import input for the crash and concurrency checks: generic-JSONL files (docs/IMPORT-FORMATS.md)
 * written to a folder, one chat per file, spread over several apps, with English, CJK and a few
 * long messages so both the writes and the index drain take real work.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CJK_WORDS, SHARED_WORDS } from "./canary-store.js";
import type { Random } from "./random.js";

/** Options of {@link writeImportFolder}. */
export interface ImportFolderOptions {
  readonly folder: string;
  readonly random: Random;
  readonly files: number;
  readonly messagesPerChat: number;
  /** Apps the chats are spread over. Default 6. */
  readonly apps?: number;
  /** Prefix of app names and chat keys, so folders written for different writers never collide. */
  readonly prefix?: string;
}

function sentence(random: Random): string {
  const words: string[] = [];
  const long = random.chance(0.02);
  for (let i = long ? 1_500 : random.int(10, 50); i > 0; i -= 1) {
    words.push(random.chance(0.08) ? random.pick(CJK_WORDS) : random.pick(SHARED_WORDS));
  }
  return words.join(" ");
}

/** Writes the folder; returns the number of messages written. */
export function writeImportFolder(options: ImportFolderOptions): number {
  const { folder, random } = options;
  const prefix = options.prefix ?? "crash";
  mkdirSync(folder, { recursive: true });
  let messages = 0;
  for (let file = 0; file < options.files; file += 1) {
    const app = `${prefix}-app-${file % (options.apps ?? 6)}`;
    const chat = `${prefix}-chat-${file}`;
    const start = Date.UTC(2026, 0, 1) + file * 3_600_000;
    const lines: string[] = [];
    for (let message = 0; message < options.messagesPerChat; message += 1) {
      lines.push(
        JSON.stringify({
          app,
          chat,
          ...(message === 0 ? { title: `${random.pick(SHARED_WORDS)} plan ${file}` } : {}),
          role: message % 2 === 0 ? "user" : "assistant",
          content: sentence(random),
          created_at: start + message * 60_000,
        }),
      );
      messages += 1;
    }
    writeFileSync(join(folder, `${chat}.jsonl`), `${lines.join("\n")}\n`);
  }
  return messages;
}
