import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { settingsPathForStore } from "../../settings/index.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

describe("recollect tools", () => {
  it("prints the exact Pro plan-mode toolset as JSON", async () => {
    const db = stores.path();
    const run = await runCaptured([
      "--db",
      db,
      "--json",
      "tools",
      "--mode",
      "plan",
      "--entitlement",
      "pro",
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.tools.map((t: { name: string; consent: string }) => [t.name, t.consent])).toEqual(
      [
        ["explore_chat_history", "always"],
        ["read_chat", "ask"],
        ["write_plan", "always"],
        ["exit_plan", "always"],
      ],
    );
    expect(report.removed).toEqual([
      { name: "set_chat_summary", reason: "mode" },
      { name: "search_chats", reason: "internal_only" },
    ]);
  });

  it("--free-model removes the whole history surface; the default entitlement is free", async () => {
    const db = stores.path();
    const free = JSON.parse(
      (
        await runCaptured([
          "--db",
          db,
          "--json",
          "tools",
          "--mode",
          "ask",
          "--entitlement",
          "pro",
          "--free-model",
        ])
      ).stdout,
    );
    expect(free.tools).toEqual([]);
    expect(free.removed.slice(0, 2)).toEqual([
      { name: "explore_chat_history", reason: "free_model" },
      { name: "read_chat", reason: "free_model" },
    ]);
    const basic = JSON.parse((await runCaptured(["--db", db, "--json", "tools"])).stdout);
    expect(basic.entitlement).toBe("free");
    expect(basic.tools.map((t: { name: string }) => t.name)).toEqual(["set_chat_summary"]);
  });

  it("reads entitlement and consent from the settings file", async () => {
    const db = stores.path();
    expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
    expect(
      (await runCaptured(["--db", db, "settings", "set", "consent.explore_chat_history", "never"]))
        .code,
    ).toBe(0);
    const run = await runCaptured(["--db", db, "tools", "--mode", "ask"]);
    expect(run.stdout.split("\n").slice(0, 3)).toEqual([
      "Toolset for mode ask · entitlement pro · Engine model",
      "",
      expect.stringMatching(/^ {2}read_chat {2}consent ask {5}Read a bounded window/),
    ]);
    expect(run.stdout).toContain("  explore_chat_history: consent is never\n");
  });

  it("rejects a bad mode naming the argument", async () => {
    const run = await runCaptured(["--db", stores.path(), "tools", "--mode", "write"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'recollect: Invalid --mode: expected agent | ask | plan (got "write").\n',
    );
  });
});

describe("recollect settings", () => {
  it("get/set round-trips and keeps a legacy search_chats value in the file untouched", async () => {
    const db = stores.path();
    const file = settingsPathForStore(db)!;
    writeFileSync(
      file,
      JSON.stringify({ consent: { search_chats: "never", read_chat: "always" } }),
    );
    expect((await runCaptured(["--db", db, "settings", "set", "telemetry", "off"])).stdout).toBe(
      "telemetry = off\n",
    );
    expect(
      (await runCaptured(["--db", db, "settings", "get", "consent.explore_chat_history"])).stdout,
    ).toBe(
      `consent.explore_chat_history = always (default)\n  (settings file ${settingsPathForStore(db)})\n`,
    );
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      consent: { search_chats: "never", read_chat: "always" },
      telemetry: "off",
    });
  });

  it("list shows one row per main-facing tool with its disclosure, none for search_chats", async () => {
    const db = stores.path();
    const listed = JSON.parse(
      (await runCaptured(["--db", db, "--json", "settings", "list"])).stdout,
    );
    expect(
      listed.permissions.map((row: { key: string; value: string }) => [row.key, row.value]),
    ).toEqual([
      ["consent.explore_chat_history", "always"],
      ["consent.read_chat", "ask"],
      ["consent.set_chat_summary", "always"],
      ["consent.write_plan", "always"],
      ["consent.exit_plan", "always"],
    ]);
    expect(listed.permissions[0].disclosure).toContain(
      "historical chat text to the Engine for synthesis",
    );
    expect(listed.permissions[1].disclosure).toContain("to the active model");
  });

  it("get and set refuse consent.search_chats alike: the same keys are allowed for both", async () => {
    const db = stores.path();
    const attempt = (...args: string[]) =>
      runRecollectChild(["--json", "--db", db, "settings", ...args]);
    const [get, set] = await Promise.all([
      attempt("get", "consent.search_chats"),
      attempt("set", "consent.search_chats", "always"),
    ]);
    expect([get.code, get.stdout, set.code, set.stdout]).toEqual([2, "", 2, ""]);
    const fields = (stderr: string) => {
      const { message: _message, exit_code: _code, ...rest } = JSON.parse(stderr).error;
      return rest;
    };
    expect(fields(get.stderr)).toEqual(fields(set.stderr));
    expect(fields(get.stderr)).toMatchObject({ kind: "invalid_input", argument: "key" });
  }, 60_000);

  it("refuses to set the internal search_chats consent or a bad value; nothing written", async () => {
    const db = stores.path();
    const internal = await runCaptured([
      "--db",
      db,
      "settings",
      "set",
      "consent.search_chats",
      "always",
    ]);
    expect(internal.code).toBe(2);
    // A real process, as a person runs it: which argument, the text given, what is allowed.
    const bad = await runRecollectChild([
      "--json",
      "--db",
      db,
      "settings",
      "set",
      "consent.read_chat",
      "sometimes",
    ]);
    expect([bad.code, bad.stdout]).toEqual([2, ""]);
    const { message: _message, ...badValue } = JSON.parse(bad.stderr).error;
    expect(badValue).toEqual({
      kind: "invalid_input",
      exit_code: 2,
      argument: "value",
      key: "consent.read_chat",
      received: "sometimes",
      allowed: "always | ask | never",
    });
    const unknown = await runRecollectChild([
      "--json",
      "--db",
      db,
      "settings",
      "set",
      "colour",
      "x",
    ]);
    expect([unknown.code, JSON.parse(unknown.stderr).error]).toEqual([
      2,
      expect.objectContaining({
        argument: "key",
        key: "colour",
        allowed:
          "entitlement | telemetry | exclude | sync.roots | mcp.sampling | consent.<explore_chat_history|read_chat|set_chat_summary|write_plan|exit_plan>",
      }),
    ]);
    expect(() => readFileSync(settingsPathForStore(db)!)).toThrow(/ENOENT/);
  });

  it("refuses a --db that is not a store (a foreign SQLite file, a directory); nothing written beside it", async () => {
    const foreign = stores.path();
    const db = new Database(foreign);
    db.exec("CREATE TABLE t (x)");
    db.close();
    const before = readFileSync(foreign);
    const refused = await runCaptured(["--db", foreign, "settings", "set", "entitlement", "pro"]);
    expect(refused.code).toBe(4);
    expect(readFileSync(foreign).equals(before)).toBe(true);
    expect(existsSync(settingsPathForStore(foreign)!)).toBe(false);
    const folder = dirname(foreign);
    const directory = await runCaptured(["--db", folder, "settings", "set", "entitlement", "pro"]);
    expect(directory.code).toBe(4);
    expect(existsSync(settingsPathForStore(folder)!)).toBe(false);
  });

  it("keeps settings per store: two stores in one folder do not share an entitlement", async () => {
    const first = stores.path();
    const second = join(dirname(first), "second.db");
    expect((await runCaptured(["--db", first, "settings", "set", "entitlement", "pro"])).code).toBe(
      0,
    );
    const other = await runCaptured(["--db", second, "settings", "get", "entitlement"]);
    expect(other.stdout).toBe(
      `entitlement = free (default)\n  (settings file ${join(dirname(first), "second.db.settings.json")}, not there yet)\n`,
    );
  });
});
