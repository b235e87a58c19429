/**
 * Administering a team store (issue 32), as a role that owns its schema and may create roles:
 * `recollect server init` (the schema, the `recollect_member` role and its policies; idempotent),
 * `server grant APP MEMBER` (the member's own login role when it has none, their membership of
 * the team, and of the app — created when nobody pushed it yet) and `server revoke APP MEMBER`.
 */
import pg from "pg";
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import { appNameKey } from "../store/catalog/app-lookup.js";
import { classifyTeamError, type TeamConnection } from "./connect.js";
import { migrateTeamStore, type TeamMigrationResult } from "./migrate-team-store.js";

/** What a member's name must be: a plain PostgreSQL role name (it is one). */
const MEMBER_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const MEMBER_ALLOWED = "a role name: lower-case letters, digits and _, starting with a letter or _";

/**
 * `member` checked as a role name.
 * @throws InvalidInputError (`MEMBER`) otherwise.
 */
export function parseMemberName(member: string): string {
  if (!MEMBER_NAME.test(member)) {
    throw new InvalidInputError("MEMBER", MEMBER_ALLOWED, `got ${quotedValue(member)}`);
  }
  return member;
}

/** Creates or updates the schema (see `migrate-team-store.ts`). */
export async function initTeamStore(team: TeamConnection): Promise<TeamMigrationResult> {
  try {
    return await migrateTeamStore(team.pool);
  } catch (error) {
    throw classifyTeamError(team.url, error);
  }
}

/** What a grant or revoke changed. */
export interface MembershipChange {
  readonly app: string;
  readonly member: string;
  /** True when the call changed something (a repeated grant or revoke changes nothing). */
  readonly changed: boolean;
}

/** The app named `name` (exactly, else by `appNameKey`), created when `create` and none is. */
async function appNamed(
  client: pg.ClientBase,
  name: string,
  create: boolean,
): Promise<{ id: number; name: string } | null> {
  const rows = await client.query<{ id: string; name: string }>(
    "SELECT id, name FROM recollect.apps WHERE name = $1 OR name_key = $2 ORDER BY (name = $1) DESC, id LIMIT 1",
    [name, appNameKey(name)],
  );
  const row = rows.rows[0];
  if (row !== undefined) return { id: Number(row.id), name: row.name };
  if (!create) return null;
  const made = await client.query<{ id: string }>(
    "INSERT INTO recollect.apps (name, name_key) VALUES ($1, $2) RETURNING id",
    [name, appNameKey(name)],
  );
  return { id: Number(made.rows[0]?.id), name };
}

/**
 * Lets `member` see app `appName` (and push to it): creates their login role (no password: the
 * administrator sets one, or the server authenticates otherwise) when missing, adds it to
 * `recollect_member`, records it as a member, and grants the app. Idempotent.
 * @throws InvalidInputError (`MEMBER`) for a name that is no plain role name; TeamStoreError.
 */
export async function grantApp(
  team: TeamConnection,
  appName: string,
  member: string,
): Promise<MembershipChange> {
  parseMemberName(member);
  const client = await team.pool.connect();
  try {
    await client.query("BEGIN");
    const role = pg.escapeIdentifier(member);
    const exists = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [member]);
    if (exists.rowCount === 0) await client.query(`CREATE ROLE ${role} LOGIN`);
    await client.query(`GRANT recollect_member TO ${role}`);
    await client.query("INSERT INTO recollect.members (name) VALUES ($1) ON CONFLICT DO NOTHING", [
      member,
    ]);
    const app = await appNamed(client, appName, true);
    const added = await client.query(
      "INSERT INTO recollect.app_members (app_id, member) VALUES ($1, $2) ON CONFLICT DO NOTHING",
      [app?.id, member],
    );
    await client.query("COMMIT");
    return { app: app?.name ?? appName, member, changed: added.rowCount === 1 };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw classifyTeamError(team.url, error);
  } finally {
    client.release();
  }
}

/**
 * Takes app `appName` away from `member`: from then on it is not found for them anywhere. Their
 * chats stay in the app (the team's history); their role stays. Idempotent.
 * @throws InvalidInputError (`MEMBER`); AppNotFound is not thrown: an unknown app changes nothing.
 */
export async function revokeApp(
  team: TeamConnection,
  appName: string,
  member: string,
): Promise<MembershipChange> {
  parseMemberName(member);
  try {
    const client = await team.pool.connect();
    try {
      const app = await appNamed(client, appName, false);
      if (app === null) return { app: appName, member, changed: false };
      const removed = await client.query(
        "DELETE FROM recollect.app_members WHERE app_id = $1 AND member = $2",
        [app.id, member],
      );
      return { app: app.name, member, changed: removed.rowCount === 1 };
    } finally {
      client.release();
    }
  } catch (error) {
    throw classifyTeamError(team.url, error);
  }
}
