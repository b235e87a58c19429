import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsPathForStore } from "../../settings/index.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
let db = "";
/** Runs `recollect --db <this test's store> …args`. */
const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);

beforeEach(async () => {
  db = stores.path();
  expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
});
afterEach(() => stores.cleanup());

describe("keeping paths out of an import", () => {
  const layOut = () => {
    const root = join(dirname(db), "histories");
    for (const [folder, app] of [
      ["shop", "shop"],
      ["acme-client", "acme"],
      ["blog", "blog"],
    ] as const) {
      mkdirSync(join(root, folder), { recursive: true });
      writeFileSync(
        join(root, folder, "chat.jsonl"),
        `${JSON.stringify({ app, chat: "c", role: "user", content: `about ${app}`, created_at: 1 })}\n`,
      );
    }
    return root;
  };
  const appNames = async () =>
    (JSON.parse((await recollect(["--json", "apps"])).stdout) as { name: string }[])
      .map((app) => app.name)
      .sort();

  it("--exclude and the exclude setting leave matching folders unread, and the report says so", async () => {
    const root = layOut();
    expect((await recollect(["settings", "set", "exclude", '["acme-*"]'])).code).toBe(0);
    const run = await recollect(["--json", "import", root, "--exclude", "**/blog"]);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { skipped_paths: unknown[] }).skipped_paths).toEqual([
      { file: join(root, "acme-client"), reason: "excluded" },
      { file: join(root, "blog"), reason: "excluded" },
    ]);
    expect(await appNames()).toEqual(["shop"]);
  });

  it("an import whose every path is excluded imports nothing and says so", async () => {
    const root = layOut();
    const run = await recollect([
      "import",
      join(root, "shop", "chat.jsonl"),
      "--exclude",
      "*.jsonl",
    ]);
    expect([run.code, run.stdout.split("\n").slice(0, 2)]).toEqual([
      0,
      [
        "total       0 files: 0 new chats, 0 updated, 0 messages, 0 unchanged",
        `skipped    excluded             ${join(root, "shop", "chat.jsonl")}`,
      ],
    ]);
    expect(await appNames()).toEqual([]);
  });

  it("rejects a bad setting value and a negated glob with a classified error, writing nothing", async () => {
    const badSetting = await recollect(["--json", "settings", "set", "exclude", "acme-*"]);
    expect([badSetting.code, JSON.parse(badSetting.stderr).error]).toEqual([
      2,
      expect.objectContaining({ argument: "value", key: "exclude", received: "acme-*" }),
    ]);
    const root = layOut();
    const negated = await recollect(["import", root, "--exclude", "!shop"]);
    expect([negated.code, negated.stderr]).toEqual([
      2,
      'recollect: Invalid --exclude: expected globs of paths to leave out (no `!` negation) (got "!shop").\n',
    ]);
    // The store exists (beforeEach's `settings set` created it) and holds nothing imported.
    const apps = await recollect(["--json", "apps"]);
    expect([apps.code, JSON.parse(apps.stdout)]).toEqual([0, []]);
    expect(JSON.parse((await recollect(["--json", "settings", "get", "exclude"])).stdout)).toEqual({
      key: "exclude",
      value: "[]",
      source: "default",
      settings_path: settingsPathForStore(db),
    });
  });

  it("settings set exclude refuses a glob the import would refuse, by the import's own rule", async () => {
    for (const [value, allowed] of [
      ['["!shop"]', "globs of paths to leave out (no `!` negation)"],
      ['["ok", "[abc"]', "globs whose [ ], { } and ( ) balance (write \\[ for a literal bracket)"],
    ] as const) {
      const refused = await recollect(["--json", "settings", "set", "exclude", value]);
      expect([refused.code, JSON.parse(refused.stderr).error]).toEqual([
        2,
        expect.objectContaining({
          kind: "invalid_input",
          argument: "value",
          key: "exclude",
          received: value,
          allowed,
        }),
      ]);
    }
    expect(JSON.parse(readFileSync(settingsPathForStore(db) ?? "", "utf8"))).toEqual({
      entitlement: "pro",
    });
  });

  it("a bad glob already in the settings file fails the import naming that file, whatever --exclude says", async () => {
    const root = layOut();
    const settingsPath = settingsPathForStore(db) ?? "";
    writeFileSync(settingsPath, JSON.stringify({ entitlement: "pro", exclude: ["!shop"] }));
    const run = await recollect(["--json", "import", root, "--exclude", "**/blog"]);
    expect([run.code, JSON.parse(run.stderr).error]).toEqual([
      4,
      expect.objectContaining({
        kind: "precondition",
        setting: "exclude",
        settings_path: settingsPath,
        allowed: "globs of paths to leave out (no `!` negation)",
        remedies: [`npx recollect --db ${db} settings set exclude '[]'`],
      }),
    ]);
    expect(await appNames()).toEqual([]);
    // The remedy works: the import then runs.
    expect((await recollect(["settings", "set", "exclude", "[]"])).code).toBe(0);
    expect((await recollect(["import", root, "--exclude", "**/blog"])).code).toBe(0);
    expect(await appNames()).toEqual(["acme", "shop"]);
  });
});
