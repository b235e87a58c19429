/**
 * A read-only store, as real child processes: search, read, explore and `index status` answer
 * from what is indexed and say what stays queued; writing commands fail classified; the file is
 * unchanged. As root (CI) permissions do not stop writes, so the child runs as root without the
 * capabilities that override file permissions (`setpriv`, util-linux): it meets them as their owner
 * does, wherever the checkout lives (running it as another user would need every folder above the
 * checkout to be open to that user).
 */
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { writeSyntheticCorpus } from "../../importers/testing/synthetic-histories.js";
import type { AppsResponse } from "../../server/shared/api-types.js";
import { legacyStoreCompanionPath, storeCompanionPath } from "../../store/companion-path.js";
import { formatSearch } from "./search.js";
import { readOnlyNotice } from "./serve.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild, startRecollectChild } from "./testing/run-child.js";
import {
  PERMISSION_RUNNER,
  permissionIt,
  requirePermissionRunner,
} from "./testing/without-file-overrides.js";

const stores = createTempStores();
afterEach(() => {
  for (const path of madeReadOnly.splice(0)) chmodSync(path, 0o755);
  stores.cleanup();
});
const madeReadOnly: string[] = [];

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/**
 * A store with the synthetic corpus indexed, one more message queued, then made read-only; Pro
 * turned on first unless `pro` is false, in a settings file under the name used before
 * 2026-12-07 when `legacyName`.
 */
async function readOnlyStore(pro = true, legacyName = false): Promise<string> {
  const db = stores.path();
  const corpus = writeSyntheticCorpus(join(dirname(db), "corpus"));
  expect((await runCaptured(["--db", db, "import", corpus.aider])).code).toBe(0);
  if (pro) {
    expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
    const settings = storeCompanionPath(db, ".settings.json");
    const kept = legacyName ? legacyStoreCompanionPath(db, ".settings.json") : settings;
    renameSync(settings, kept);
    chmodSync(kept, 0o444);
  }
  const raw = new Database(db);
  raw
    .prepare(
      "INSERT INTO messages (chat_id, role, content, created_at) VALUES (1, 'user', 'a queued lantern note', 5)",
    )
    .run();
  raw.close();
  // The store's own folder becomes read-only.
  chmodSync(db, 0o444);
  chmodSync(dirname(db), 0o555);
  madeReadOnly.push(dirname(db));
  return db;
}

/**
 * As root the child needs `setpriv` to shed the capabilities that override permissions; without
 * it the child check cannot run here (`without-file-overrides.ts`).
 */
const { childIt, blocked: BLOCKED_LINE } = permissionIt("a read-only store");
const asReader = { runner: PERMISSION_RUNNER, env: { HOME: "/tmp" } };
const run = (args: readonly string[]) => runRecollectChild(args, asReader);

describe("a read-only store", () => {
  childIt(
    "serves search, read, explore and index status from what is indexed, and changes nothing",
    async () => {
      requirePermissionRunner(BLOCKED_LINE);
      const db = await readOnlyStore();
      const before = sha256(db);

      const search = await run(["--db", db, "--json", "search", "--app", "Lanternfish", "lantern"]);
      expect(search.stderr).toBe("");
      expect(search.code).toBe(0);
      const result = JSON.parse(search.stdout);
      expect(result).toMatchObject({
        index_status: "indexing",
        pending_count: 1,
        pending_reason: "read_only_store",
      });
      expect(result.chats.map((chat: { chat_id: number }) => chat.chat_id)).toEqual([1]);

      const read = await run(["--db", db, "--json", "read", "--app", "Lanternfish", "--chat", "1"]);
      expect(read.code).toBe(0);
      expect(JSON.parse(read.stdout).messages).toHaveLength(5);

      const explore = await run([
        "--db",
        db,
        "explore",
        "--app",
        "Lanternfish",
        "why the flicker?",
      ]);
      expect(explore.stderr).not.toMatch(/readonly|Internal error/);
      expect([0, 10, 11]).toContain(explore.code);

      const status = await run(["--db", db, "--json", "index", "status"]);
      expect(JSON.parse(status.stdout)).toMatchObject({
        pending: 1,
        writable: false,
        apps: [{ app: "Lanternfish", pending: 1, status: "stale" }],
      });

      // A command that writes is refused naming the store, as every store path error does.
      const rebuild = await run(["--db", db, "--json", "index", "rebuild"]);
      expect(rebuild.code).toBe(4);
      expect({ ...JSON.parse(rebuild.stderr).error, message: undefined }).toEqual({
        kind: "precondition",
        exit_code: 4,
        path: db,
        argument: "--db",
        message: undefined,
      });
      expect(JSON.parse(rebuild.stderr).error.message).toContain(db);
      expect(sha256(db)).toBe(before);
    },
    120_000,
  );

  childIt(
    "keeps Pro from a settings file under the older name, which the folder cannot copy",
    async () => {
      requirePermissionRunner(BLOCKED_LINE);
      const db = await readOnlyStore(true, true);
      const search = await run(["--db", db, "--json", "search", "--app", "Lanternfish", "lantern"]);
      expect(search.code).toBe(0);
      expect(JSON.parse(search.stdout).chats).toHaveLength(1);
      expect(existsSync(storeCompanionPath(db, ".settings.json"))).toBe(false);
    },
    120_000,
  );

  childIt(
    "serve starts on it, saying once on stderr and in /api/apps that turns cannot be stored",
    async () => {
      requirePermissionRunner(BLOCKED_LINE);
      const db = await readOnlyStore();
      const before = sha256(db);
      const serve = startRecollectChild(
        ["--db", db, "--json", "serve", "--port", "0", "--no-build", "--app", "Lanternfish"],
        asReader,
      );
      await expect.poll(serve.stdout, { timeout: 30_000 }).toContain('"url"');
      expect(serve.stderr()).toBe(`${readOnlyNotice(db)}\n`);
      const { port } = JSON.parse(serve.stdout()) as { port: number };
      const apps = (await (
        await fetch(`http://127.0.0.1:${port}/api/apps`)
      ).json()) as AppsResponse;
      expect([apps.apps.map((app) => app.name), apps.storeWritable]).toEqual([
        ["Lanternfish"],
        false,
      ]);
      const messages = await fetch(`http://127.0.0.1:${port}/api/apps/1/chats/1/messages`);
      expect(messages.status).toBe(200);
      serve.child.kill("SIGTERM");
      expect((await serve.exited).code).toBe(143);
      expect(sha256(db)).toBe(before);
    },
    120_000,
  );

  childIt(
    "without Pro, says Pro cannot be turned on there instead of suggesting a command that fails",
    async () => {
      requirePermissionRunner(BLOCKED_LINE);
      const db = await readOnlyStore(false);
      const settingsPath = storeCompanionPath(db, ".settings.json");
      for (const args of [
        ["explore", "--app", "Lanternfish", "why the flicker?"],
        ["search", "--app", "Lanternfish", "lantern"],
        ["read", "--app", "Lanternfish", "--chat", "1"],
      ]) {
        const refused = await run(["--db", db, "--json", ...args]);
        const error = JSON.parse(refused.stderr).error;
        expect({ args, code: refused.code, error }).toMatchObject({
          args,
          code: 4,
          error: {
            kind: "precondition",
            missing: "pro",
            store_read_only: true,
            settings_path: settingsPath,
          },
        });
        expect(error.remedies).toBeUndefined();
      }
      // And the command it no longer suggests does fail there, leaving no settings file.
      const turnOn = await run(["--db", db, "settings", "set", "entitlement", "pro"]);
      expect(turnOn.code).toBe(4);
      expect(existsSync(settingsPath)).toBe(false);
    },
    120_000,
  );

  childIt(
    "a new store in a read-only folder is refused naming the path and the folder, creating nothing",
    async () => {
      requirePermissionRunner(BLOCKED_LINE);
      const folder = dirname(stores.path());
      const corpus = writeSyntheticCorpus(join(folder, "corpus"));
      const locked = join(folder, "locked");
      mkdirSync(locked);
      chmodSync(locked, 0o555);
      madeReadOnly.push(locked);
      for (const [db, args] of [
        [join(locked, "new.db"), ["import", corpus.aider]],
        [join(locked, "new.db"), ["settings", "set", "entitlement", "pro"]],
        [join(locked, "new.db"), ["demo"]],
        [join(locked, "deeper", "new.db"), ["import", corpus.aider]],
      ] as const) {
        const refused = await run(["--db", db, "--json", ...args]);
        expect({ args, code: refused.code, error: JSON.parse(refused.stderr).error }).toMatchObject(
          {
            args,
            code: 4,
            error: {
              kind: "precondition",
              path: db,
              folder: locked,
              reason: "folder_not_writable",
            },
          },
        );
      }
      expect(readdirSync(locked)).toEqual([]);
    },
    120_000,
  );

  it("the human search view says the queue cannot be drained, with the count in words", () => {
    const result = {
      query: "q",
      index_status: "indexing" as const,
      pending_count: 1,
      pending_reason: "read_only_store" as const,
      chats: [],
      truncated: false,
    };
    expect(formatSearch(result).split("\n").slice(0, 2)).toEqual([
      "(the store is read-only: 1 queued message cannot be indexed here; results may be incomplete)",
      "No matching chats.",
    ]);
    expect(
      formatSearch({ ...result, pending_reason: undefined, pending_count: 2 }).split("\n")[0],
    ).toBe("(index still building: 2 messages queued; results may be incomplete)");
  });
});
