/**
 * The team store writes of a push (issue 32), each inside the caller's transaction: a chat's row
 * with its provenance and fingerprint, its messages replaced by digest, a tombstone. Row level
 * security makes every one of them the connected member's own (`member` defaults to
 * `current_user`, and the policies refuse any other).
 */
import type pg from "pg";
import type { LocalChat } from "./local-chats.js";
import type { PushedMessage } from "./pushed-message.js";

/** A chat of this member and machine as the server holds it. */
export interface ServerChat {
  readonly id: number;
  readonly appId: number;
  readonly fingerprint: string;
  readonly deleted: boolean;
}

/** The connected member's chats pushed from `machine`, by their local (origin) chat id. */
export async function serverChatsOf(
  client: pg.ClientBase,
  machine: string,
): Promise<Map<number, ServerChat>> {
  const rows = await client.query<{
    origin_chat_id: string;
    id: string;
    app_id: string;
    fingerprint: string;
    deleted: boolean;
  }>(
    `SELECT origin_chat_id, id, app_id, fingerprint, deleted_at IS NOT NULL AS deleted
       FROM recollect.chats WHERE member = current_user AND machine = $1`,
    [machine],
  );
  return new Map(
    rows.rows.map((row) => [
      Number(row.origin_chat_id),
      {
        id: Number(row.id),
        appId: Number(row.app_id),
        fingerprint: row.fingerprint,
        deleted: row.deleted,
      },
    ]),
  );
}

/** One local chat's row as a push writes it (its title already cleaned). */
export interface ChatRowValues {
  readonly chat: LocalChat;
  readonly title: string | null;
}

/**
 * Inserts or updates the rows of local chats `chats` in server app `appId`, live again if
 * tombstoned, in one statement; returns each one's server id, in `chats`' order. Each
 * `fingerprint` is written in the same transaction as the messages, so a push killed before
 * COMMIT leaves the old ones and is redone.
 */
export async function upsertChats(
  client: pg.ClientBase,
  appId: number,
  machine: string,
  chats: readonly ChatRowValues[],
): Promise<number[]> {
  if (chats.length === 0) return [];
  const result = await client.query<{ id: string; origin_chat_id: string }>(
    `INSERT INTO recollect.chats (app_id, machine, source, origin_chat_id, title, created_at, fingerprint)
     SELECT $1, $2, s, o, t, c, f
       FROM unnest($3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::text[]) AS u(s, o, t, c, f)
     ON CONFLICT (member, machine, origin_chat_id) DO UPDATE
       SET app_id = EXCLUDED.app_id, source = EXCLUDED.source, title = EXCLUDED.title,
           created_at = EXCLUDED.created_at, fingerprint = EXCLUDED.fingerprint,
           deleted_at = NULL, pushed_at = now()
     RETURNING id, origin_chat_id`,
    [
      appId,
      machine,
      chats.map(({ chat }) => chat.source),
      chats.map(({ chat }) => chat.id),
      chats.map(({ title }) => title),
      chats.map(({ chat }) => chat.createdAt),
      chats.map(({ chat }) => chat.fingerprint),
    ],
  );
  const idOf = new Map(result.rows.map((row) => [Number(row.origin_chat_id), Number(row.id)]));
  return chats.map(({ chat }) => {
    const id = idOf.get(chat.id);
    if (id === undefined) throw new Error(`the team store returned no row for chat ${chat.id}`);
    return id;
  });
}

/** What {@link replaceMessages} changed. */
export interface MessageChanges {
  readonly inserted: number;
  readonly removed: number;
}

/** One server chat and the messages it must hold. */
export interface ChatMessages {
  readonly chatId: number;
  readonly messages: readonly PushedMessage[];
}

/**
 * Makes each chat's messages exactly its `messages` (all chats of server app `appId`): rows whose
 * digest is unchanged stay (their ids with them), changed and vanished ones are deleted, new and
 * changed ones inserted — one read, one delete and one insert for the whole batch, so the
 * statistics triggers run once per batch.
 */
export async function replaceMessages(
  client: pg.ClientBase,
  appId: number,
  chats: readonly ChatMessages[],
): Promise<MessageChanges> {
  const existing = await client.query<{
    chat_id: string;
    origin_message_id: string;
    digest: string;
  }>(
    "SELECT chat_id, origin_message_id, digest FROM recollect.messages WHERE chat_id = ANY ($1::bigint[])",
    [chats.map((chat) => chat.chatId)],
  );
  const key = (chatId: number, origin: number) => `${chatId}/${origin}`;
  const have = new Map(
    existing.rows.map((row) => [key(Number(row.chat_id), Number(row.origin_message_id)), row]),
  );
  const wanted = new Map(
    chats.flatMap((chat) =>
      chat.messages.map(
        (message) => [key(chat.chatId, message.originMessageId), message.digest] as const,
      ),
    ),
  );
  const stale = existing.rows.filter(
    (row) => wanted.get(key(Number(row.chat_id), Number(row.origin_message_id))) !== row.digest,
  );
  const fresh = chats.flatMap((chat) =>
    chat.messages
      .filter(
        (message) => have.get(key(chat.chatId, message.originMessageId))?.digest !== message.digest,
      )
      .map((message) => ({ chatId: chat.chatId, message })),
  );
  if (stale.length > 0) {
    await client.query(
      `DELETE FROM recollect.messages m USING unnest($1::bigint[], $2::bigint[]) AS s(chat_id, origin)
        WHERE m.chat_id = s.chat_id AND m.origin_message_id = s.origin`,
      [stale.map((row) => row.chat_id), stale.map((row) => row.origin_message_id)],
    );
  }
  if (fresh.length > 0) {
    const column = <T>(pick: (message: PushedMessage) => T) =>
      fresh.map(({ message }) => pick(message));
    await client.query(
      `INSERT INTO recollect.messages (app_id, chat_id, origin_message_id, role, created_at,
         is_compaction_summary, search_text, search_truncated, read_text, read_truncated,
         not_evidence, terms, doc_length, digest)
       SELECT $1, ch, o, r, c, s, st, stt, rt, rtt, ne, t::tsvector, dl, d
         FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::boolean[], $7::text[],
                     $8::boolean[], $9::text[], $10::boolean[], $11::text[], $12::text[],
                     $13::integer[], $14::text[])
           AS u(ch, o, r, c, s, st, stt, rt, rtt, ne, t, dl, d)`,
      [
        appId,
        fresh.map(({ chatId }) => chatId),
        column((m) => m.originMessageId),
        column((m) => m.role),
        column((m) => m.createdAt),
        column((m) => m.isCompactionSummary),
        column((m) => m.searchText),
        column((m) => m.searchTruncated),
        column((m) => m.readText),
        column((m) => m.readTruncated),
        column((m) => m.notEvidence),
        column((m) => m.terms),
        column((m) => m.docLength),
        column((m) => m.digest),
      ],
    );
  }
  return { inserted: fresh.length, removed: stale.length };
}

/** Tombstones server chat `chatId`: its messages leave the store, its row stays marked deleted. */
export async function tombstoneChat(client: pg.ClientBase, chatId: number): Promise<number> {
  const removed = await client.query("DELETE FROM recollect.messages WHERE chat_id = $1", [chatId]);
  await client.query(
    "UPDATE recollect.chats SET deleted_at = now(), fingerprint = 'deleted', pushed_at = now() WHERE id = $1",
    [chatId],
  );
  return removed.rowCount ?? 0;
}
