/**
 * A damaged store file, as real child processes: a copy cut off part-way, a file whose pages
 * after the header are garbage, and a store with one table's page overwritten (found only by a
 * query, after the store opened). Every command that reaches the store refuses it as damaged
 * (`precondition`, exit 4, naming `--db` and the path, with the `sync` remedy), with no stack
 * trace and no internal error, and the file stays byte-for-byte as it was.
 */
import { createHash } from "node:crypto";
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { writeSyntheticCorpus } from "../../importers/testing/synthetic-histories.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** One command per way of reaching the store (reading, writing, the web app, the MCP server). */
const COMMANDS: readonly (readonly string[])[] = [
  ["apps"],
  ["chats", "--app", "Lanternfish"],
  ["search", "--app", "Lanternfish", "lantern"],
  ["read", "--app", "Lanternfish", "--chat", "1"],
  ["explore", "--app", "Lanternfish", "why the flicker?"],
  ["sync", "--dry-run"],
  ["import", "corpus"],
  ["serve", "--port", "0", "--no-build"],
  ["mcp"],
];

/** A filled store with Pro on (so the history commands reach the store), and its corpus folder. */
async function filledStore(): Promise<{ db: string; corpus: string }> {
  const db = stores.path();
  const corpus = writeSyntheticCorpus(join(dirname(db), "corpus"));
  expect((await runCaptured(["--db", db, "import", corpus.aider])).code).toBe(0);
  expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
  return { db, corpus: corpus.dir };
}

/** Runs `args` on `db` and checks the refusal: damaged, `damage`, naming `--db`, file unchanged. */
async function expectDamaged(
  db: string,
  corpus: string,
  args: readonly string[],
  damage: "truncated" | "malformed",
): Promise<void> {
  const before = sha256(db);
  const command = args.map((arg) => (arg === "corpus" ? corpus : arg));
  const run = await runRecollectChild(["--json", "--db", db, ...command], { timeoutMs: 30_000 });
  expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 4, stdout: "" });
  const { error } = JSON.parse(run.stderr);
  expect({ args, ...error, message: undefined }).toEqual({
    args,
    kind: "precondition",
    exit_code: 4,
    path: db,
    argument: "--db",
    damage,
    remedies: [`npx recollect --db ${db} sync`, `npx recollect --db ${db} import <paths…>`],
    message: undefined,
  });
  expect(sha256(db)).toBe(before);
}

/** Overwrites the root page of `table` in the store file `db` with garbage. */
function damagePage(db: string, table: string): void {
  const raw = new Database(db, { readonly: true });
  const pageSize = Number(raw.pragma("page_size", { simple: true }));
  const { rootpage } = raw
    .prepare("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(table) as { rootpage: number };
  raw.close();
  const image = readFileSync(db);
  image.fill(0xa5, (rootpage - 1) * pageSize, rootpage * pageSize);
  writeFileSync(db, image);
}

describe("a damaged store file", () => {
  it("cut off part-way: every command refuses it as truncated and leaves it unchanged", async () => {
    const { db, corpus } = await filledStore();
    truncateSync(db, Math.floor(readFileSync(db).length / 2));
    for (const args of COMMANDS) await expectDamaged(db, corpus, args, "truncated");
  }, 240_000);

  it("garbage after the header: every command refuses it as malformed", async () => {
    const { db, corpus } = await filledStore();
    const image = readFileSync(db);
    image.fill(0xa5, 100);
    writeFileSync(db, image);
    for (const args of COMMANDS) await expectDamaged(db, corpus, args, "malformed");
  }, 240_000);

  it("a table page found damaged by a query after the store opened is named as damaged", async () => {
    const { db, corpus } = await filledStore();
    damagePage(db, "apps");
    for (const args of [["apps"], ["chats", "--app", "Lanternfish"]]) {
      await expectDamaged(db, corpus, args, "malformed");
    }
  }, 120_000);

  it("index rebuild checks the whole file first and writes nothing to a damaged one", async () => {
    const { db, corpus } = await filledStore();
    // Only the index's pages: every message row still reads, so queueing them all would succeed.
    damagePage(db, "history_fts_idx");
    await expectDamaged(db, corpus, ["index", "rebuild"], "malformed");
  }, 120_000);

  it("a message not found in a damaged store is named as damage, not as missing", async () => {
    const { db, corpus } = await filledStore();
    // Only the search index: the read itself runs, and finds no such message.
    damagePage(db, "history_fts_idx");
    await expectDamaged(
      db,
      corpus,
      ["read", "--app", "Lanternfish", "--chat", "1", "--around", "999999"],
      "malformed",
    );
  }, 120_000);

  it("the search index found damaged inside an explorer run ends the run as damaged", async () => {
    const { db, corpus } = await filledStore();
    damagePage(db, "history_fts_idx");
    // The explorer's searches fail on it: not a partial report saying nothing matched (exit 11).
    await expectDamaged(
      db,
      corpus,
      ["explore", "--app", "Lanternfish", "why the flicker?"],
      "malformed",
    );
  }, 120_000);
});
