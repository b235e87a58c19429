/**
 * A throwaway PostgreSQL cluster for tests (issue 32): `initdb` into a temporary folder, the
 * server listening only on a unix socket in that folder, stopped and removed afterwards. PostgreSQL
 * refuses to run as root, so under root the cluster belongs to `nobody` (`runuser`). Declare suites
 * that need it with `describeRequiring([POSTGRESQL], …)`: absent, they skip with one line, or fail
 * under `CI=true`.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestResource } from "./test-resources.js";

/** The folder holding `initdb` and `pg_ctl`: `POSTGRES_BIN`, Debian's, or the first on PATH. */
function postgresBinFolder(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      if (existsSync(join(debian, version, "bin", "initdb"))) return join(debian, version, "bin");
    }
  }
  for (const folder of (process.env.PATH ?? "").split(":")) {
    if (folder !== "" && existsSync(join(folder, "initdb"))) return folder;
  }
  return "/usr/lib/postgresql/15/bin";
}

const BIN = postgresBinFolder();

/** PostgreSQL's server binaries (`initdb`, `pg_ctl`), from Debian's `postgresql` package. */
export const POSTGRESQL: TestResource = {
  name: "PostgreSQL",
  path: join(BIN, "initdb"),
  howToGet: "apt-get install postgresql, or set POSTGRES_BIN to the folder holding initdb",
  executable: true,
};

/** The cluster's superuser: it runs `server init` and creates member roles. */
export const CLUSTER_ADMIN = "recollect_admin";

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** The unix-socket folder (also the cluster's parent folder). */
  readonly socketFolder: string;
  /** A URL for `database` as `user` (default: the admin) over the unix socket. */
  url(database: string, user?: string): string;
  /** Creates `database` (owned by the admin) and returns its admin URL. */
  createDatabase(database: string): Promise<string>;
  /** Stops the server at once and removes its folder. */
  stop(): void;
}

/** Runs a server binary as the cluster's owner (`nobody` under root). */
function runAsOwner(binary: string, args: readonly string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot
    ? ["runuser", ["-u", "nobody", "--", join(BIN, binary), ...args]]
    : [join(BIN, binary), [...args]];
  execFileSync(command, commandArgs, { stdio: "ignore" });
}

/** Starts a cluster (about a second): trust authentication, unix socket only, fsync off. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const folder = mkdtempSync(join(tmpdir(), "recollect-pg-"));
  if (process.getuid?.() === 0) chownSync(folder, 65534, 65534);
  const data = join(folder, "data");
  runAsOwner("initdb", [
    "-D",
    data,
    "-U",
    CLUSTER_ADMIN,
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  runAsOwner("pg_ctl", [
    "-D",
    data,
    "-o",
    `-k ${folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "-l",
    join(folder, "server.log"),
    "-w",
    "start",
  ]);
  const url = (database: string, user: string = CLUSTER_ADMIN) =>
    `postgres://${encodeURIComponent(user)}@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(folder)}`;
  return {
    socketFolder: folder,
    url,
    async createDatabase(database) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
      return url(database);
    },
    stop() {
      try {
        runAsOwner("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
