/**
 * Team store migration 3 (issue 32, measured at 1M messages): `matching_messages`, the one way a
 * search finds the messages of an app that match a `tsquery`. Under row level security PostgreSQL
 * may use an index only for a condition whose operator is leakproof; `tsvector @@ tsquery` is not,
 * so a member's `WHERE app_id = … AND terms @@ …` read the app's every row (its whole tsvectors,
 * ~20k rows an app in the bench) or, under a LIMIT, the whole table, and never used the GIN index
 * on (app, terms): search p95 1.2–1.8 s at 1M messages. This function runs as the schema's owner,
 * for whom the policies do not apply, so both conditions are index conditions, and checks the
 * caller's grant itself: it returns the ids of app `app`'s matching messages (outside chat
 * `except_chat` when not null; at most `max_rows`, all when null) only when the session's login
 * role is a member of `app` or may read every row anyway (owner, superuser, BYPASSRLS); else none.
 * Ids only: every column a search shows is read afterwards by id through the caller's own
 * connection, so row level security still decides what it sees. `enable_seqscan` is off inside it
 * because with a small LIMIT the planner otherwise prefers a sequential scan that walks other
 * apps' rows first (an app's rows lie together).
 */
import type { TeamMigration } from "./team-migration.js";

export const matchingMessages: TeamMigration = {
  version: 3,
  name: "matching-messages",
  sql: `
    CREATE FUNCTION recollect.matching_messages(
        app bigint, query tsquery, except_chat bigint, max_rows integer)
      RETURNS SETOF bigint LANGUAGE sql STABLE SECURITY DEFINER
      SET search_path = recollect, pg_catalog
      SET enable_seqscan = off
    AS $$
      SELECT m.id FROM recollect.messages m
       WHERE m.app_id = app AND m.terms @@ query
         AND (except_chat IS NULL OR m.chat_id <> except_chat)
         AND (EXISTS (SELECT 1 FROM recollect.app_members a
                       WHERE a.app_id = app AND a.member = session_user)
              OR EXISTS (SELECT 1 FROM pg_catalog.pg_roles r
                          WHERE r.rolname = session_user AND r.rolbypassrls)
              OR pg_catalog.pg_has_role(session_user,
                   (SELECT c.relowner FROM pg_catalog.pg_class c
                     WHERE c.oid = 'recollect.messages'::pg_catalog.regclass), 'USAGE'))
       LIMIT max_rows
    $$;
    REVOKE ALL ON FUNCTION recollect.matching_messages(bigint, tsquery, bigint, integer) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION recollect.matching_messages(bigint, tsquery, bigint, integer)
      TO recollect_member;
  `,
};
