/**
 * Usage errors of the real `recollect` process: an unknown command is one classified line that
 * lists the commands of its level and suggests a close one; commander's other usage errors
 * (unknown option, missing option, option value or argument, too many arguments) are classified
 * the same way. Exit 2, nothing on stdout, no store created.
 */
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { boundedEditDistance } from "../text/edit-distance.js";
import { createTempStores } from "./commands/testing/run-captured.js";
import { runRecollectChild } from "./commands/testing/run-child.js";
import { closestName } from "./unknown-command-error.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const ROOT_COMMANDS =
  "one of import, sync, sources, apps, chats, index, search, read, explore, demo, serve, eval, tools, settings, chat, mcp, push, server, doctor, help";

describe("unknown commands and other usage errors", () => {
  it("an unknown command gives one line and, with --json, the commands and the suggestion as fields", async () => {
    const db = stores.path();
    const [text, json, far, sub] = await Promise.all([
      runRecollectChild(["--db", db, "expolre"]),
      runRecollectChild(["--db", db, "--json", "expolre"]),
      runRecollectChild(["--db", db, "--json", "nonsense"]),
      runRecollectChild(["--db", db, "--json", "settings", "frob"]),
    ]);
    expect([text.code, text.stdout, text.stderr.split("\n").length]).toEqual([2, "", 2]);
    expect(JSON.parse(json.stderr).error).toEqual({
      kind: "invalid_input",
      message: expect.any(String),
      exit_code: 2,
      argument: "command",
      allowed: ROOT_COMMANDS,
      received: "expolre",
      suggestion: "explore",
    });
    expect(JSON.parse(far.stderr).error).toMatchObject({
      argument: "command",
      allowed: ROOT_COMMANDS,
      received: "nonsense",
      suggestion: null,
    });
    expect(JSON.parse(sub.stderr).error).toMatchObject({
      argument: "settings command",
      allowed: "one of get, set, list, help",
      received: "frob",
      suggestion: null,
    });
    for (const run of [json, far, sub]) expect([run.code, run.stdout]).toEqual([2, ""]);
    expect(existsSync(db)).toBe(false);
  }, 60_000);

  it("commander's usage errors are classified like the project's own: exit 2, the argument and what is allowed", async () => {
    const db = stores.path();
    const cases: Array<[readonly string[], Record<string, unknown>]> = [
      [["apps", "--bogus"], { argument: "option of apps", received: "--bogus", suggestion: null }],
      [
        ["read", "--app", "A", "--chta", "2"],
        { argument: "option of read", received: "--chta", suggestion: "--chat" },
      ],
      [
        ["--bogus"],
        { argument: "option", allowed: "one of --db, --store, --json, --version, --help" },
      ],
      [["chats"], { argument: "--app", allowed: "--app <name>" }],
      [["chats", "--app"], { argument: "--app", allowed: "--app <name>" }],
      [["settings", "get"], { argument: "<key>", allowed: "setting key" }],
      [["explore", "--app", "A"], { argument: "<question>" }],
      [
        ["explore", "--app", "A", "what", "did", "we", "decide"],
        { argument: "arguments of explore", allowed: "1 argument: <question>" },
      ],
      [["apps", "extra"], { argument: "arguments of apps", allowed: "no arguments" }],
      [
        ["index", "rebuild", "extra"],
        { argument: "arguments of index rebuild", allowed: "no arguments" },
      ],
    ];
    const runs = await Promise.all(
      cases.map(([args]) => runRecollectChild(["--db", db, "--json", ...args])),
    );
    const texts = await Promise.all(
      cases.slice(0, 2).map(([args]) => runRecollectChild(["--db", db, ...args])),
    );
    cases.forEach(([args, fields], index) => {
      const json = runs[index]!;
      expect([args, json.code, json.stdout]).toEqual([args, 2, ""]);
      const error = JSON.parse(json.stderr).error;
      expect(error).toMatchObject({ kind: "invalid_input", exit_code: 2, ...fields });
      expect(typeof error.allowed).toBe("string");
      const text = texts[index];
      if (text) expect([text.code, text.stderr]).toEqual([2, `recollect: ${error.message}\n`]);
    });
    expect(existsSync(db)).toBe(false);
  }, 120_000);
});

describe("an option whose value is left out before another option", () => {
  it("is refused naming the option that lacked its value, not the arguments after it", async () => {
    const db = stores.path();
    const cases: Array<[readonly string[], Record<string, unknown>]> = [
      [["read", "--chat", "--around", "3"], { argument: "--chat", received: "--around" }],
      [["explore", "--app", "--json", "auth"], { argument: "--app", received: "--json" }],
      [
        ["--db", "--json", "apps"],
        { argument: "--db", allowed: "--db <path>", received: "--json" },
      ],
      [["import", "x", "--exclude", "--app", "y"], { argument: "--exclude", received: "--app" }],
      [["chats", "--app", "--"], { argument: "--app", received: "--" }],
    ];
    const runs = await Promise.all(
      cases.map(([args]) => runRecollectChild(["--db", db, "--json", ...args])),
    );
    cases.forEach(([args, fields], index) => {
      const run = runs[index]!;
      expect([args, run.code, run.stdout]).toEqual([args, 2, ""]);
      expect(JSON.parse(run.stderr).error).toMatchObject({
        kind: "invalid_input",
        exit_code: 2,
        allowed: expect.stringMatching(/^--\S+ <\S+>$/),
        ...fields,
      });
    });
    expect(existsSync(db)).toBe(false);
  }, 120_000);

  it("takes a value that is not one of the command's options as given", async () => {
    const db = stores.path();
    // `--app=--json` names the value outright; a word after `--` is an argument.
    const [explicit, afterDashes] = await Promise.all([
      runRecollectChild(["--db", db, "--json", "chats", "--app=--json"]),
      runRecollectChild(["--db", db, "--json", "explore", "--app", "A", "--", "--json"]),
    ]);
    for (const run of [explicit, afterDashes]) {
      expect(JSON.parse(run.stderr).error).toMatchObject({ kind: "not_found", exit_code: 3 });
    }
  }, 60_000);
});

describe("closestName", () => {
  it("suggests a typo (a swap, a missing or extra letter), never a different word", () => {
    expect(boundedEditDistance("expolre", "explore", 2)).toBe(1);
    expect(closestName("expolre", ["export", "explore"])).toBe("explore");
    expect(closestName("serch", ["search", "serve"])).toBe("search");
    expect(closestName("apps", ["apps"])).toBe("apps");
    expect(closestName("frob", ["get", "set", "list", "help"])).toBeNull();
  });
});
