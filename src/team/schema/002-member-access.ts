/**
 * Team store migration 2 (issue 32): who sees what, enforced by PostgreSQL. Every member connects
 * as their own role, a member of `recollect_member`; row level security lets a role see only the
 * apps `app_members` lists for it, and write only chats (and their messages) whose `member` is
 * itself. `claim_app` is the one way a push names its app: it finds the app by git remote, else
 * by name, creating it (with the caller as its first member) when there is none.
 */
import type { TeamMigration } from "./team-migration.js";

/** The subquery every policy scopes by: the apps the connected role is a member of. */
const MY_APPS = "(SELECT m.app_id FROM recollect.app_members m WHERE m.member = current_user)";

export const memberAccess: TeamMigration = {
  version: 2,
  name: "member-access",
  sql: `
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'recollect_member') THEN
        CREATE ROLE recollect_member NOLOGIN;
      END IF;
    END $$;
    GRANT USAGE ON SCHEMA recollect TO recollect_member;
    GRANT SELECT ON recollect.members, recollect.apps, recollect.app_members, recollect.chats,
      recollect.messages, recollect.app_stats, recollect.term_stats TO recollect_member;
    GRANT INSERT, UPDATE ON recollect.chats TO recollect_member;
    GRANT INSERT, DELETE ON recollect.messages TO recollect_member;
    GRANT USAGE ON SEQUENCE recollect.chats_id_seq, recollect.messages_id_seq TO recollect_member;

    ALTER TABLE recollect.members ENABLE ROW LEVEL SECURITY;
    ALTER TABLE recollect.apps ENABLE ROW LEVEL SECURITY;
    ALTER TABLE recollect.app_members ENABLE ROW LEVEL SECURITY;
    ALTER TABLE recollect.chats ENABLE ROW LEVEL SECURITY;
    ALTER TABLE recollect.messages ENABLE ROW LEVEL SECURITY;
    ALTER TABLE recollect.app_stats ENABLE ROW LEVEL SECURITY;
    ALTER TABLE recollect.term_stats ENABLE ROW LEVEL SECURITY;

    CREATE POLICY own ON recollect.members FOR SELECT USING (name = current_user);
    CREATE POLICY own ON recollect.app_members FOR SELECT USING (member = current_user);
    CREATE POLICY granted ON recollect.apps FOR SELECT USING (id IN ${MY_APPS});
    CREATE POLICY granted ON recollect.app_stats FOR SELECT USING (app_id IN ${MY_APPS});
    CREATE POLICY granted ON recollect.term_stats FOR SELECT USING (app_id IN ${MY_APPS});
    CREATE POLICY granted ON recollect.chats FOR SELECT USING (app_id IN ${MY_APPS});
    CREATE POLICY push_own ON recollect.chats FOR INSERT
      WITH CHECK (member = current_user AND app_id IN ${MY_APPS});
    CREATE POLICY update_own ON recollect.chats FOR UPDATE
      USING (member = current_user AND app_id IN ${MY_APPS})
      WITH CHECK (member = current_user AND app_id IN ${MY_APPS});
    CREATE POLICY granted ON recollect.messages FOR SELECT USING (app_id IN ${MY_APPS});
    CREATE POLICY push_own ON recollect.messages FOR INSERT WITH CHECK (
      app_id IN ${MY_APPS} AND chat_id IN (
        SELECT c.id FROM recollect.chats c WHERE c.member = current_user AND c.app_id = messages.app_id));
    CREATE POLICY delete_own ON recollect.messages FOR DELETE USING (
      chat_id IN (SELECT c.id FROM recollect.chats c WHERE c.member = current_user));

    CREATE FUNCTION recollect.claim_app(app_name text, app_name_key text, remote text)
      RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = recollect, pg_catalog AS $$
    DECLARE
      found_id bigint;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM recollect.members WHERE name = session_user) THEN
        RAISE EXCEPTION 'not a member' USING ERRCODE = '42501';
      END IF;
      PERFORM pg_advisory_xact_lock(hashtext('recollect.claim_app'));
      IF remote IS NOT NULL THEN
        SELECT id INTO found_id FROM recollect.apps WHERE git_remote = remote;
      END IF;
      IF found_id IS NULL THEN
        SELECT id INTO found_id FROM recollect.apps
         WHERE name_key = app_name_key AND (git_remote IS NULL OR remote IS NULL)
         ORDER BY id LIMIT 1;
        IF found_id IS NOT NULL AND remote IS NOT NULL THEN
          UPDATE recollect.apps SET git_remote = remote WHERE id = found_id;
        END IF;
      END IF;
      IF found_id IS NULL THEN
        INSERT INTO recollect.apps (name, name_key, git_remote)
          VALUES (app_name, app_name_key, remote) RETURNING id INTO found_id;
        INSERT INTO recollect.app_members (app_id, member) VALUES (found_id, session_user);
        RETURN found_id;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM recollect.app_members WHERE app_id = found_id AND member = session_user) THEN
        RAISE EXCEPTION 'app not granted' USING ERRCODE = 'P0002';
      END IF;
      RETURN found_id;
    END $$;
    REVOKE ALL ON FUNCTION recollect.claim_app(text, text, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION recollect.claim_app(text, text, text) TO recollect_member;
  `,
};
