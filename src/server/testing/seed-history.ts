/**
 * A small, fixed chat history for server and browser tests: two apps, five chats, a decision that
 * was later reversed (a conflict), and one stored message with legacy search/read cards.
 * Times are fixed (ms since the epoch, UTC) so rendered dates are exact.
 */
import { createWebChat } from "../../store/catalog/chats.js";
import { insertMessage } from "../../store/catalog/messages.js";
import type { Store } from "../../store/open-store.js";

/** Ids of what {@link seedHistory} wrote. */
export interface SeededHistory {
  readonly appId: number;
  readonly otherAppId: number;
  readonly authChatId: number;
  readonly sessionChatId: number;
  readonly paymentsChatId: number;
  readonly legacyChatId: number;
  readonly otherChatId: number;
  /** Message ids by chat, in order. */
  readonly messageIds: Readonly<Record<string, readonly number[]>>;
}

/** 2026-03-02T10:00:00Z: the first seeded chat. */
export const SEED_START_MS = Date.UTC(2026, 2, 2, 10, 0, 0);
const DAY_MS = 86_400_000;

const LEGACY_MESSAGE =
  'Here is what I found.\n<dyad-search-chats state="done" query="login flow" chats="1" index-status="ready" truncated="false">' +
  "{&quot;query&quot;:&quot;login flow&quot;,&quot;index_status&quot;:&quot;ready&quot;,&quot;pending_count&quot;:0,&quot;truncated&quot;:false," +
  "&quot;chats&quot;:[{&quot;chat_id&quot;:1,&quot;chat_title&quot;:&quot;Auth approach&quot;,&quot;chat_created_at&quot;:&quot;2026-03-02T10:00:00.000Z&quot;," +
  "&quot;matches&quot;:[{&quot;message_id&quot;:2,&quot;role&quot;:&quot;assistant&quot;,&quot;created_at&quot;:&quot;2026-03-02T10:01:00.000Z&quot;," +
  "&quot;excerpt&quot;:&quot;We will use JWT access tokens with a 15 minute expiry.&quot;,&quot;is_compaction_summary&quot;:false,&quot;projection_truncated&quot;:false}]}]}" +
  '</dyad-search-chats>\n<dyad-read-chat chat_id="1">Older export: the chat said to keep tokens in memory, never in localStorage.</dyad-read-chat>\nThat is all.';

/** Writes the history into a migrated, empty store. */
export function seedHistory(store: Store): SeededHistory {
  const db = store.db;
  const insertApp = db.prepare("INSERT INTO apps (name, created_at) VALUES (?, ?)");
  const insertChat = db.prepare(
    "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'seed', ?)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)",
  );
  const messageIds: Record<string, number[]> = {};
  const chat = (
    appId: number,
    key: string,
    title: string,
    day: number,
    lines: Array<[string, string]>,
  ) => {
    const at = SEED_START_MS + day * DAY_MS;
    const chatId = Number(insertChat.run(appId, title, at, key).lastInsertRowid);
    messageIds[key] = lines.map(([role, content], index) =>
      Number(insertMessage.run(chatId, role, content, at + (index + 1) * 60_000).lastInsertRowid),
    );
    return chatId;
  };
  return db.transaction(() => {
    const appId = Number(insertApp.run("Acme Shop", SEED_START_MS).lastInsertRowid);
    const otherAppId = Number(insertApp.run("Side Project", SEED_START_MS).lastInsertRowid);
    const authChatId = chat(appId, "auth", "Auth approach", 0, [
      ["user", "How should we handle authentication for the shop?"],
      ["assistant", "We will use JWT access tokens with a 15 minute expiry and refresh tokens."],
      ["user", "Decision: go with JWT for now."],
    ]);
    const sessionChatId = chat(appId, "sessions", "Switch to server sessions", 14, [
      [
        "user",
        "JWT refresh is getting complicated. Can we switch authentication to server sessions?",
      ],
      ["assistant", "Yes. Decision: replace JWT with httpOnly cookie sessions stored in Postgres."],
    ]);
    const paymentsChatId = chat(appId, "payments", "Payments provider", 20, [
      ["user", "Which payment provider did we pick?"],
      ["assistant", "We chose Stripe Checkout; PayPal was rejected because of fees."],
    ]);
    const legacyChatId = chat(appId, "legacy", "Imported legacy chat", 25, [
      ["user", "What did we say about the login flow?"],
      ["assistant", LEGACY_MESSAGE],
    ]);
    const otherChatId = chat(otherAppId, "other", "Unrelated secret plans", 3, [
      ["user", "The other app uses OAuth with GitHub."],
    ]);
    return {
      appId,
      otherAppId,
      authChatId,
      sessionChatId,
      paymentsChatId,
      legacyChatId,
      otherChatId,
      messageIds,
    };
  })();
}

/**
 * Writes a chat of the person's own (started in the web app, `source = 'web'`, the only kind a
 * turn may be posted to) holding `lines` as earlier turns left them, one minute apart from
 * `atMs`. Returns its id. `externalId` must be unique in the store.
 */
export function seedOwnChat(
  store: Store,
  input: {
    readonly appId: number;
    readonly title: string;
    readonly lines: ReadonlyArray<readonly ["user" | "assistant", string]>;
    readonly atMs?: number;
    readonly externalId?: string;
  },
): number {
  const at = input.atMs ?? SEED_START_MS + 30 * DAY_MS;
  return store.db.transaction(() => {
    const chatId = createWebChat(store.db, {
      appId: input.appId,
      title: input.title,
      nowMs: at,
      externalId: input.externalId ?? `own-${at}`,
    });
    input.lines.forEach(([role, content], index) => {
      insertMessage(store.db, { chatId, role, content, nowMs: at + (index + 1) * 60_000 });
    });
    return chatId;
  })();
}
