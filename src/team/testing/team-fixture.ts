/**
 * A team store for tests (issue 32): a throwaway cluster (`src/test/postgres-cluster.ts`), a
 * database set up by `server init`, members granted as `server grant` does, and pushes from local
 * stores as a member — every step through the production functions.
 */

import type { HistoryPort } from "../../history/index.js";
import type { Store } from "../../store/open-store.js";
import type { PostgresCluster } from "../../test/postgres-cluster.js";
import { connectTeamStore, type TeamConnection } from "../connect.js";
import { type PushHistoryOptions, type PushResult, pushHistory } from "../push/push-history.js";
import { grantApp, initTeamStore, revokeApp } from "../team-admin.js";
import { teamHistoryPort } from "../team-history-port.js";

/** One team store database on a running cluster. */
export interface TeamFixture {
  readonly cluster: PostgresCluster;
  readonly database: string;
  /** The administrator's connection (owns the schema; sees every row). */
  readonly admin: TeamConnection;
  /** `server grant APP MEMBER`. */
  grant(app: string, member: string): Promise<void>;
  /** `server revoke APP MEMBER`. */
  revoke(app: string, member: string): Promise<void>;
  /** The URL `member` connects with. */
  urlOf(member: string): string;
  /** Pushes `store` as `member` from `machine`. */
  push(
    member: string,
    store: Store,
    machine: string,
    extra?: Partial<PushHistoryOptions>,
  ): Promise<PushResult>;
  /** A history port connected as `member` (closed by {@link TeamFixture.close}). */
  portFor(member: string): Promise<HistoryPort>;
  close(): Promise<void>;
}

/** Creates database `database` on `cluster` and runs `server init` on it. */
export async function createTeamFixture(
  cluster: PostgresCluster,
  database: string,
): Promise<TeamFixture> {
  await cluster.createDatabase(database);
  const admin = await connectTeamStore(cluster.url(database), "--store");
  await initTeamStore(admin);
  const open: { close(): Promise<void> }[] = [admin];
  const urlOf = (member: string) => cluster.url(database, member);
  return {
    cluster,
    database,
    admin,
    grant: async (app, member) => {
      await grantApp(admin, app, member);
    },
    revoke: async (app, member) => {
      await revokeApp(admin, app, member);
    },
    urlOf,
    push: async (member, store, machine, extra = {}) => {
      const team = await connectTeamStore(urlOf(member), "--to");
      try {
        return await pushHistory({ store, team, machine, ...extra });
      } finally {
        await team.close();
      }
    },
    portFor: async (member) => {
      const port = teamHistoryPort(await connectTeamStore(urlOf(member), "--store"));
      open.push(port);
      return port;
    },
    close: async () => {
      for (const item of open.splice(0).reverse()) await item.close();
    },
  };
}
