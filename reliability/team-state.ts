/**
 * What a team store holds, reduced to counts and order-independent checksums that two databases
 * can be compared by (issue 32, the push `kill -9` check): server ids differ from one database to
 * the next, so every row is named by what the push made it from — its app's name, the chat's
 * origin id, the message's origin id — never by its serial id. Each checksum is the sum of a
 * 60-bit slice of each row's md5, so a row missing, doubled or different changes it, and no
 * ordered string of a million rows is ever built.
 */
import type pg from "pg";

/** Counts and checksums of one team store database (read as its administrator). */
export interface TeamState {
  readonly chats: number;
  readonly messages: number;
  /** Every chat: app, origin id, fingerprint, title, tombstone. */
  readonly chatSum: string;
  /** Every message: chat, origin id, digest, role, time, search and read text, terms, length. */
  readonly messageSum: string;
  /** Per-app statistics: documents, total length, and each term's counts. */
  readonly statsSum: string;
}

/** A sum of 60-bit md5 slices over `rows` (SQL text naming a `row` column), as text. */
const checksum = (rows: string) =>
  `(SELECT coalesce(sum(('x' || substr(md5(row), 1, 15))::bit(60)::bigint::numeric), 0)::text FROM (${rows}) r)`;

/**
 * Reads `pool`'s team store. One statement; on a million messages a few seconds.
 * @throws what `pg` throws when the server cannot be used.
 */
export async function teamState(pool: pg.Pool): Promise<TeamState> {
  const result = await pool.query<{
    chats: string;
    messages: string;
    chat_sum: string;
    message_sum: string;
    stats_sum: string;
  }>(
    `SELECT (SELECT count(*) FROM recollect.chats) AS chats,
            (SELECT count(*) FROM recollect.messages) AS messages,
            ${checksum(
              `SELECT concat_ws('/', a.name, c.member, c.machine, c.origin_chat_id, c.fingerprint,
                                c.title, c.indexed_title, c.deleted_at IS NULL) AS row
                 FROM recollect.chats c JOIN recollect.apps a ON a.id = c.app_id`,
            )} AS chat_sum,
            ${checksum(
              `SELECT concat_ws('/', a.name, c.origin_chat_id, m.origin_message_id, m.digest, m.role,
                                m.created_at, m.is_compaction_summary, md5(m.search_text),
                                md5(m.read_text), m.not_evidence, md5(m.terms::text), m.doc_length) AS row
                 FROM recollect.messages m JOIN recollect.chats c ON c.id = m.chat_id
                 JOIN recollect.apps a ON a.id = m.app_id`,
            )} AS message_sum,
            ${checksum(
              `SELECT concat_ws('/', a.name, s.docs, s.total_length) AS row
                 FROM recollect.app_stats s JOIN recollect.apps a ON a.id = s.app_id
               UNION ALL
               SELECT concat_ws('/', a.name, t.lexeme, t.in_words, t.in_cjk) AS row
                 FROM recollect.term_stats t JOIN recollect.apps a ON a.id = t.app_id
                WHERE t.in_words > 0 OR t.in_cjk > 0`,
            )} AS stats_sum`,
  );
  const row = result.rows[0];
  if (row === undefined) throw new Error("the team store answered no row");
  return {
    chats: Number(row.chats),
    messages: Number(row.messages),
    chatSum: row.chat_sum,
    messageSum: row.message_sum,
    statsSum: row.stats_sum,
  };
}

/** True when `a` and `b` hold the same history: every count and checksum equal. */
export function sameTeamState(a: TeamState, b: TeamState): boolean {
  return (
    a.chats === b.chats &&
    a.messages === b.messages &&
    a.chatSum === b.chatSum &&
    a.messageSum === b.messageSum &&
    a.statsSum === b.statsSum
  );
}
