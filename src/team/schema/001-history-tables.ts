/**
 * Team store migration 1 (issue 32): apps (matched across machines by git remote, else name),
 * members and who may see which app, chats with provenance (member, machine, source tool) and a
 * tombstone, messages holding only their projection (search text, read text, index terms), and the
 * per-app term statistics bm25 ranks with, kept by statement triggers.
 */
import type { TeamMigration } from "./team-migration.js";

export const historyTables: TeamMigration = {
  version: 1,
  name: "history-tables",
  sql: `
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE TABLE recollect.members (name text PRIMARY KEY);
    CREATE TABLE recollect.apps (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      name_key text NOT NULL,
      git_remote text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX apps_name_key ON recollect.apps (name_key);
    CREATE TABLE recollect.app_members (
      app_id bigint NOT NULL REFERENCES recollect.apps (id) ON DELETE CASCADE,
      member text NOT NULL REFERENCES recollect.members (name) ON DELETE CASCADE,
      PRIMARY KEY (app_id, member)
    );
    CREATE INDEX app_members_member ON recollect.app_members (member, app_id);
    CREATE TABLE recollect.chats (
      id bigserial PRIMARY KEY,
      app_id bigint NOT NULL REFERENCES recollect.apps (id) ON DELETE CASCADE,
      member text NOT NULL DEFAULT current_user,
      machine text NOT NULL,
      source text NOT NULL,
      origin_chat_id bigint NOT NULL,
      title text,
      indexed_title text,
      created_at bigint NOT NULL,
      fingerprint text NOT NULL,
      deleted_at timestamptz,
      pushed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member, machine, origin_chat_id)
    );
    CREATE INDEX chats_app ON recollect.chats (app_id, created_at);
    CREATE TABLE recollect.messages (
      id bigserial PRIMARY KEY,
      app_id bigint NOT NULL,
      chat_id bigint NOT NULL REFERENCES recollect.chats (id) ON DELETE CASCADE,
      origin_message_id bigint NOT NULL,
      role text NOT NULL CHECK (role IN ('user', 'assistant')),
      created_at bigint NOT NULL,
      is_compaction_summary boolean NOT NULL,
      search_text text NOT NULL,
      search_truncated boolean NOT NULL,
      read_text text NOT NULL,
      read_truncated boolean NOT NULL,
      not_evidence text CHECK (not_evidence IN ('history_answer', 'history_question', 'recollect_reply')),
      terms tsvector NOT NULL,
      doc_length integer NOT NULL,
      digest text NOT NULL,
      UNIQUE (chat_id, origin_message_id)
    );
    CREATE INDEX messages_terms ON recollect.messages USING gin (app_id, terms);
    CREATE TABLE recollect.app_stats (
      app_id bigint PRIMARY KEY REFERENCES recollect.apps (id) ON DELETE CASCADE,
      docs bigint NOT NULL DEFAULT 0,
      total_length bigint NOT NULL DEFAULT 0
    );
    CREATE TABLE recollect.term_stats (
      app_id bigint NOT NULL REFERENCES recollect.apps (id) ON DELETE CASCADE,
      lexeme text NOT NULL,
      in_words bigint NOT NULL DEFAULT 0,
      in_cjk bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (app_id, lexeme)
    );

    -- Statistics move by whole statements (transition tables): one upsert per distinct lexeme,
    -- in lexeme order so two pushers never deadlock on them.
    CREATE FUNCTION recollect.messages_added() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = recollect, pg_catalog AS $$
    BEGIN
      INSERT INTO recollect.app_stats AS s (app_id, docs, total_length)
        SELECT app_id, count(*), sum(doc_length) FROM changed GROUP BY app_id ORDER BY app_id
        ON CONFLICT (app_id) DO UPDATE
          SET docs = s.docs + EXCLUDED.docs, total_length = s.total_length + EXCLUDED.total_length;
      INSERT INTO recollect.term_stats AS t (app_id, lexeme, in_words, in_cjk)
        SELECT c.app_id, u.lexeme,
               count(*) FILTER (WHERE 'A' = ANY (u.weights) OR 'D' = ANY (u.weights)),
               count(*) FILTER (WHERE 'C' = ANY (u.weights))
          FROM changed c, unnest(c.terms) u
         GROUP BY c.app_id, u.lexeme ORDER BY c.app_id, u.lexeme
        ON CONFLICT (app_id, lexeme) DO UPDATE
          SET in_words = t.in_words + EXCLUDED.in_words, in_cjk = t.in_cjk + EXCLUDED.in_cjk;
      RETURN NULL;
    END $$;
    CREATE FUNCTION recollect.messages_removed() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = recollect, pg_catalog AS $$
    BEGIN
      UPDATE recollect.app_stats s SET docs = s.docs - d.docs, total_length = s.total_length - d.total
        FROM (SELECT app_id, count(*) AS docs, sum(doc_length) AS total FROM changed GROUP BY app_id) d
       WHERE s.app_id = d.app_id;
      UPDATE recollect.term_stats t SET in_words = t.in_words - d.in_words, in_cjk = t.in_cjk - d.in_cjk
        FROM (SELECT c.app_id, u.lexeme,
                     count(*) FILTER (WHERE 'A' = ANY (u.weights) OR 'D' = ANY (u.weights)) AS in_words,
                     count(*) FILTER (WHERE 'C' = ANY (u.weights)) AS in_cjk
                FROM changed c, unnest(c.terms) u GROUP BY c.app_id, u.lexeme ORDER BY 1, 2) d
       WHERE t.app_id = d.app_id AND t.lexeme = d.lexeme;
      RETURN NULL;
    END $$;
    CREATE TRIGGER messages_added AFTER INSERT ON recollect.messages
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION recollect.messages_added();
    CREATE TRIGGER messages_removed AFTER DELETE ON recollect.messages
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION recollect.messages_removed();
  `,
};
