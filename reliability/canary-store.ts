/**
 * The multi-app store the isolation and query checks run on: a real migrated SQLite file (FTS5,
 * triggers, the real indexer) holding {@link CANARY_APP_COUNT} apps whose every byte is
 * recognizable as theirs, so a scan can tell whether any of it reached another app's caller:
 *
 * - each app has a distinctive canary word (`quokkaXzeta`) written between every two words of
 *   every message and in every title, so any excerpt of two words or more carries it;
 * - the apps share the rest of their vocabulary, so a search in one app matches the others'
 *   messages unless scoping holds;
 * - app, chat and message ids are 7–8 digit numbers in per-app ranges (written explicitly), so an
 *   id of another app is recognizable in any text as a digit run.
 *
 * One message per app is long (past the 8,000-char projection bound), some CJK, some compaction
 * summaries, so those paths are exercised too.
 */
import { createIndexer } from "../src/history/index.js";
import { openStore, type Store } from "../src/store/open-store.js";
import type { Random } from "./random.js";

/** Apps in the store; the issue asks for at least 5. */
export const CANARY_APP_COUNT = 6;
/** Chats per app. */
const CHATS_PER_APP = 10;
/** Messages per chat. */
const MESSAGES_PER_CHAT = 8;

/** Words every app uses (so cross-app matches exist unless the app scope holds). */
export const SHARED_WORDS = [
  "deploy",
  "database",
  "authentication",
  "login",
  "cache",
  "redis",
  "postgres",
  "vercel",
  "payments",
  "queue",
  "migration",
  "schema",
  "session",
  "decided",
  "rollback",
  "webhook",
  "latency",
  "billing",
  "search",
  "index",
] as const;

/** CJK phrases used by some messages (the bigram path of the index). */
export const CJK_WORDS = [
  "部署数据库",
  "认证登录",
  "缓存策略",
  "결제 시스템",
  "データベース移行",
] as const;

/** Everything that belongs to one app, for the leak scan. */
export interface CanaryApp {
  readonly appId: number;
  readonly name: string;
  /** Lower-case word present in every message and title of this app only. */
  readonly canary: string;
  readonly chatIds: readonly number[];
  /** Message ids per chat, in order (same indexes as {@link chatIds}). */
  readonly messageIds: readonly (readonly number[])[];
}

/** An open canary store. Close it when done. */
export interface CanaryStore extends Disposable {
  readonly store: Store;
  readonly apps: readonly CanaryApp[];
  close(): void;
}

const APP_NAMES = ["Vaultmoth", "Gridfinch", "Lumenkoi", "Pebblewasp", "Corvidia", "Saltmarsh"];

/** App ids: 7 digits, one range per app (`9100011`, `9100022`, …). */
function appIdOf(index: number): number {
  return 9_100_000 + (index + 1) * 11;
}

/** Chat ids: 8 digits, `(index+1)·10^7 + 1000 + n`. */
function chatIdOf(index: number, chat: number): number {
  return (index + 1) * 10_000_000 + 1_000 + chat;
}

/** Message ids: 8 digits, `(index+1)·10^7 + 5·10^6 + n`. */
function messageIdOf(index: number, chat: number, message: number): number {
  return (index + 1) * 10_000_000 + 5_000_000 + chat * 100 + message;
}

function messageText(random: Random, canary: string, kind: "plain" | "long" | "cjk"): string {
  const words: string[] = [];
  const count = kind === "long" ? 2_400 : random.int(8, 40);
  for (let i = 0; i < count; i += 1) {
    words.push(random.pick(SHARED_WORDS));
    words.push(canary);
    if (kind === "cjk" && i % 3 === 0) words.push(random.pick(CJK_WORDS), canary);
  }
  return words.join(" ");
}

/**
 * Creates the store at `path` (a fresh file, or `:memory:`) and drains its index fully.
 * Deterministic for a given `random` state.
 */
export function createCanaryStore(path: string, random: Random): CanaryStore {
  const store = openStore({ path });
  const { db } = store;
  const insertApp = db.prepare("INSERT INTO apps (id, name, created_at) VALUES (?, ?, 0)");
  const insertChat = db.prepare(
    "INSERT INTO chats (id, app_id, title, created_at, source, external_id) VALUES (?, ?, ?, ?, 'reliability', ?)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO messages (id, chat_id, role, content, is_compaction_summary, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const apps: CanaryApp[] = [];
  db.transaction(() => {
    for (let index = 0; index < CANARY_APP_COUNT; index += 1) {
      const appId = appIdOf(index);
      const name = APP_NAMES[index] ?? `App${index}`;
      const canary = `quokka${String.fromCharCode(97 + index)}zeta`;
      insertApp.run(appId, name);
      const chatIds: number[] = [];
      const messageIds: number[][] = [];
      for (let chat = 0; chat < CHATS_PER_APP; chat += 1) {
        const chatId = chatIdOf(index, chat);
        const created = Date.UTC(2026, 0, 1 + chat);
        const title = `${canary} ${random.pick(SHARED_WORDS)} ${random.pick(SHARED_WORDS)} ${canary}`;
        insertChat.run(chatId, appId, title, created, `${name}/${chat}`);
        const ids: number[] = [];
        for (let message = 0; message < MESSAGES_PER_CHAT; message += 1) {
          const id = messageIdOf(index, chat, message);
          // One long message per app (past the projection bound): enough to exercise truncation
          // without making every search re-project 30 KB.
          const kind = chat === 0 && message === 3 ? "long" : random.chance(0.15) ? "cjk" : "plain";
          const compaction = message === MESSAGES_PER_CHAT - 1 && chat % 4 === 0 ? 1 : 0;
          insertMessage.run(
            id,
            chatId,
            message % 2 === 0 ? "user" : "assistant",
            messageText(random, canary, kind),
            compaction,
            created + message * 60_000,
          );
          ids.push(id);
        }
        chatIds.push(chatId);
        messageIds.push(ids);
      }
      apps.push({ appId, name, canary, chatIds, messageIds });
    }
  })();
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  indexer.repair();
  while (indexer.drainOnce() > 0) {
    // synchronous drain: the checks start from a ready index
  }
  const close = () => store.close();
  return { store, apps, close, [Symbol.dispose]: close };
}
