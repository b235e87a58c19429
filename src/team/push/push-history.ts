/**
 * `recollect push --to postgres://…` (issue 32): one-way, incremental, idempotent upload of the
 * local store's apps to a team store, as the connected member. Each chat whose fingerprint differs
 * from the server's is sent as its projection (`pushed-message.ts`) with provenance (member,
 * machine, source tool); chats are committed in batches, each chat's fingerprint in the same
 * transaction as its messages — the high-water mark — so a push killed at any point leaves whole
 * chats behind and the next run sends only the rest. A chat gone from the local store is
 * tombstoned on the server.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type pg from "pg";
import { AbortedError, RecollectError } from "../../errors/recollect-error.js";
import { cleanTitle } from "../../history/index.js";
import { appNameKey } from "../../store/catalog/app-lookup.js";
import type { Store } from "../../store/open-store.js";
import { classifyTeamError, type TeamConnection } from "../connect.js";
import { gitRemoteOf } from "./git-remote.js";
import {
  type LocalApp,
  type LocalChat,
  localApps,
  localChats,
  localMessages,
} from "./local-chats.js";
import { type PushedMessage, pushedMessage } from "./pushed-message.js";
import { replaceMessages, serverChatsOf, tombstoneChat, upsertChats } from "./server-writes.js";

/**
 * Messages per transaction: large enough to amortise the server's per-statement work (the term
 * statistics trigger upserts each distinct lexeme once a batch: at 1M messages a row cost ~0.55 ms
 * in batches of 2,000 and ~0.35 ms in batches of 5,000), small enough to redo cheaply.
 */
export const PUSH_BATCH_MESSAGES = 5_000;

/** A changed chat read and projected, ready for its transaction. */
interface PreparedChat {
  readonly chat: LocalChat;
  readonly title: string | null;
  readonly messages: readonly PushedMessage[];
}

/**
 * `chats` in batches of whole chats, each closed once it holds at least `limit` messages (a chat
 * is never split: its fingerprint commits with all of its messages).
 */
function* batchesOf(
  db: Store["db"],
  chats: readonly LocalChat[],
  limit: number,
): Generator<LocalChat[]> {
  const sizes = db
    .prepare<[number], number>("SELECT count(*) FROM messages WHERE chat_id = ?")
    .pluck();
  let batch: LocalChat[] = [];
  let size = 0;
  for (const chat of chats) {
    batch.push(chat);
    size += sizes.get(chat.id) ?? 0;
    if (size >= limit) {
      yield batch;
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** Options of {@link pushHistory}. */
export interface PushHistoryOptions {
  /** The local store (only read). */
  readonly store: Store;
  readonly team: TeamConnection;
  /** This machine's name in provenance (`RECOLLECT_MACHINE`, else the host name). */
  readonly machine: string;
  /** Push only this local app (its id); all apps when absent. */
  readonly appId?: number;
  /** Messages per transaction; default {@link PUSH_BATCH_MESSAGES}. */
  readonly batchMessages?: number;
  readonly signal?: AbortSignal;
  /** Called after each committed batch with the running totals (counts only, never text). */
  readonly onBatch?: (totals: PushTotals) => void;
}

/** Counts of one push (or of one app of it). */
export interface PushTotals {
  readonly chatsPushed: number;
  readonly chatsUnchanged: number;
  readonly chatsTombstoned: number;
  readonly messagesInserted: number;
  readonly messagesRemoved: number;
}

/** One local app's outcome. */
export interface PushedApp extends PushTotals {
  /** The local name. */
  readonly name: string;
  /** The server app it landed in (matched by git remote, else name), or null when refused. */
  readonly serverAppId: number | null;
  /** The normalised git remote it was matched by, or null (matched by name). */
  readonly gitRemote: string | null;
  /** `not_granted`: the server's app of that remote/name exists and this member may not see it. */
  readonly refused?: "not_granted";
}

/** What {@link pushHistory} returns. */
export interface PushResult {
  /** The database role pushed as: every chat's `member`. */
  readonly member: string;
  readonly machine: string;
  readonly apps: readonly PushedApp[];
}

const ZERO: PushTotals = {
  chatsPushed: 0,
  chatsUnchanged: 0,
  chatsTombstoned: 0,
  messagesInserted: 0,
  messagesRemoved: 0,
};

function add(a: PushTotals, b: Partial<PushTotals>): PushTotals {
  return {
    chatsPushed: a.chatsPushed + (b.chatsPushed ?? 0),
    chatsUnchanged: a.chatsUnchanged + (b.chatsUnchanged ?? 0),
    chatsTombstoned: a.chatsTombstoned + (b.chatsTombstoned ?? 0),
    messagesInserted: a.messagesInserted + (b.messagesInserted ?? 0),
    messagesRemoved: a.messagesRemoved + (b.messagesRemoved ?? 0),
  };
}

async function inTransaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** The server app of `app`, or null when the server refuses it (not granted). */
async function claimApp(
  client: pg.ClientBase,
  app: LocalApp,
  remote: string | null,
): Promise<number | null> {
  try {
    const result = await client.query<{ id: string }>(
      "SELECT recollect.claim_app($1, $2, $3) AS id",
      [app.name, appNameKey(app.name), remote],
    );
    return Number(result.rows[0]?.id);
  } catch (error) {
    if ((error as { code?: unknown }).code === "P0002") return null;
    throw error;
  }
}

/**
 * Pushes the local store's apps (or one) to the team store.
 * @throws TeamStoreError when the store is unreachable, not set up, or this role is no member;
 *   AbortedError when `signal` fires (committed batches stay: the next push resumes after them).
 */
export async function pushHistory(options: PushHistoryOptions): Promise<PushResult> {
  const { store, team, machine } = options;
  const batchLimit = options.batchMessages ?? PUSH_BATCH_MESSAGES;
  const client = await team.pool.connect().catch((error: unknown) => {
    throw classifyTeamError(team.url, error);
  });
  try {
    const member = String(
      (await client.query<{ member: string }>("SELECT current_user AS member")).rows[0]?.member,
    );
    const known = await serverChatsOf(client, machine);
    const apps: PushedApp[] = [];
    let running = ZERO;
    for (const app of localApps(store.db, options.appId)) {
      const remote = gitRemoteOf(app.folders);
      const serverAppId = await claimApp(client, app, remote);
      if (serverAppId === null) {
        apps.push({
          ...ZERO,
          name: app.name,
          serverAppId,
          gitRemote: remote,
          refused: "not_granted",
        });
        continue;
      }
      let totals = ZERO;
      const chats = localChats(store.db, app.id);
      const changed = chats.filter((chat) => {
        const server = known.get(chat.id);
        return !(
          server &&
          !server.deleted &&
          server.appId === serverAppId &&
          server.fingerprint === chat.fingerprint
        );
      });
      totals = add(totals, { chatsUnchanged: chats.length - changed.length });
      // Each batch is read and projected while the previous one's transaction runs on the
      // server (the one client's statements still run one after another, each batch committed
      // whole before the next begins), so the machine's work and the server's overlap. It yields
      // after each chat, so the previous batch's next statement is sent as soon as it may be.
      const prepare = async (batch: readonly LocalChat[]): Promise<PreparedChat[]> => {
        const prepared: PreparedChat[] = [];
        for (const chat of batch) {
          prepared.push({
            chat,
            title: cleanTitle(chat.title),
            messages: localMessages(store.db, chat.id).map((message) =>
              pushedMessage(chat, message, serverAppId),
            ),
          });
          await nextTurn();
        }
        return prepared;
      };
      const commit = async (prepared: readonly PreparedChat[]) => {
        const done = await inTransaction(client, async () => {
          const ids = await upsertChats(client, serverAppId, machine, prepared);
          const changes = await replaceMessages(
            client,
            serverAppId,
            prepared.map(({ messages }, index) => ({ chatId: ids[index] as number, messages })),
          );
          // Committed below: a chat that moved here from another app is no longer that app's to tombstone.
          return { ids, changes };
        });
        prepared.forEach(({ chat }, index) => {
          known.set(chat.id, {
            id: done.ids[index] as number,
            appId: serverAppId,
            fingerprint: chat.fingerprint,
            deleted: false,
          });
        });
        const counts = add(ZERO, {
          chatsPushed: prepared.length,
          messagesInserted: done.changes.inserted,
          messagesRemoved: done.changes.removed,
        });
        totals = add(totals, counts);
        running = add(running, counts);
        options.onBatch?.(running);
      };
      let inFlight: Promise<void> | null = null;
      for (const batch of batchesOf(store.db, changed, batchLimit)) {
        const prepared = await prepare(batch);
        if (inFlight !== null) await inFlight;
        if (options.signal?.aborted) throw new AbortedError();
        inFlight = commit(prepared);
        // Awaited on the next turn or after the loop; this only keeps a failure from being
        // reported as unhandled while the next batch is prepared.
        inFlight.catch(() => {});
      }
      if (inFlight !== null) await inFlight;
      const local = new Set(chats.map((chat) => chat.id));
      const gone = [...known].filter(
        ([origin, server]) => server.appId === serverAppId && !server.deleted && !local.has(origin),
      );
      if (gone.length > 0) {
        const removed = await inTransaction(client, async () => {
          let count = 0;
          for (const [, server] of gone) count += await tombstoneChat(client, server.id);
          return count;
        });
        totals = add(totals, { chatsTombstoned: gone.length, messagesRemoved: removed });
      }
      apps.push({ ...totals, name: app.name, serverAppId, gitRemote: remote });
    }
    return { member, machine, apps };
  } catch (error) {
    throw RecollectError.isInstance(error) ? error : classifyTeamError(team.url, error);
  } finally {
    client.release();
  }
}
