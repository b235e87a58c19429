import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../../card/report-schema.js";
import { seedDemoHistory } from "../../demo/index.js";
import { settingsPathForStore } from "../../settings/index.js";
import { openStore } from "../../store/open-store.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { RECOLLECT_BIN, runRecollectChild } from "./testing/run-child.js";

/** How the printed commands start in this environment. */
const INVOCATION = recollectInvocation(process.env).join(" ");

/** The checkout's root, where `npx recollect` resolves to this package's own bin. */
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const stores = createTempStores();
let db = "";
/** Runs `recollect --db <this test's store> …args`. */
const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);
beforeEach(async () => {
  db = stores.path();
  {
    using store = openStore({ path: db });
    seedDemoHistory(store);
  }
  expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
});
afterEach(() => stores.cleanup());

describe("recollect explore", () => {
  it("without Pro in the settings file fails with exit 4, one hint line and no report", async () => {
    await recollect(["settings", "set", "entitlement", "free"]);
    const run = await recollect(["explore", "authentication", "--app", "Tasktide"]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `recollect: Exploring chat history requires Pro (entitlement is free in ${settingsPathForStore(db)}). Run \`${INVOCATION} --db ${db} settings set entitlement pro\` if you have Pro.\n`,
    );
  });

  it("consent never turns the explorer off here as in MCP (exit 6, the remedy, no report); ask runs", async () => {
    await recollect(["settings", "set", "consent.explore_chat_history", "never"]);
    const off = await recollect(["--json", "explore", "authentication", "--app", "Tasktide"]);
    expect(off.code).toBe(6);
    expect(off.stdout).toBe("");
    const error = JSON.parse(off.stderr).error;
    expect([error.kind, error.exit_code, error.remedies]).toEqual([
      "user_cancelled",
      6,
      [`${INVOCATION} --db ${db} settings set consent.explore_chat_history ask`],
    ]);
    await recollect(["settings", "set", "consent.explore_chat_history", "ask"]);
    const asked = await recollect(["explore", "authentication", "--app", "Tasktide"]);
    expect(asked.code).toBe(0);
  });

  it("prints progress on stderr and a readable report on stdout (exit 0 when complete)", async () => {
    const run = await recollect([
      "explore",
      "What did we decide about authentication?",
      "--app",
      "Tasktide",
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr.split("\n")[0]).toBe("· Searching prior chats… (1 search)");
    expect(run.stderr).not.toMatch(/Clerk|Supabase|session/i);
    expect(run.stdout).toContain("Question: What did we decide about authentication?");
    expect(run.stdout).toMatch(
      /Outcome: complete · confidence (high|medium) · next: answer from report · index ready/,
    );
    expect(run.stdout).toMatch(
      /\n {5}- chat \d+ “[^”]+” · message \d+ · (user|assistant) · 2026-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z\n {7}> /,
    );
  });

  it("prints, per evidence target, a read command that runs as printed with or without recollect on PATH", async () => {
    const nodeOnly = [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter);
    const linked = join(dirname(db), "path-bin");
    mkdirSync(linked);
    symlinkSync(RECOLLECT_BIN, join(linked, "recollect"));
    // Where npx and npm run put a bin for the run alone: gone from the shell the person pastes into.
    const npmRun = join(dirname(db), "node_modules", ".bin");
    mkdirSync(npmRun, { recursive: true });
    symlinkSync(RECOLLECT_BIN, join(npmRun, "recollect"));
    for (const [path, invocation] of [
      [nodeOnly, "npx recollect"],
      [`${linked}${delimiter}${nodeOnly}`, "recollect"],
      [`${npmRun}${delimiter}${nodeOnly}`, "npx recollect"],
    ] as const) {
      const env = { PATH: path };
      const args = ["--db", db, "explore", "What did we decide about authentication?"];
      const run = await runRecollectChild([...args, "--app", "Tasktide"], { env });
      expect(run.code).toBe(0);
      const targets = [...run.stdout.matchAll(/ - chat (\d+) “[^”]+” · message (\d+) /g)];
      const commands = [...run.stdout.matchAll(/\n {7}\$ (.+)/g)].map((match) => match[1]!);
      expect(targets.length).toBeGreaterThan(0);
      expect(commands).toEqual(
        targets.map(
          ([, chat, message]) =>
            `${invocation} --db ${db} read --app Tasktide --chat ${chat} --around ${message}`,
        ),
      );
      // The first command, run by a shell from the checkout as a person would paste it.
      const [, chat, message] = targets[0]!;
      const read = spawnSync("sh", ["-c", commands[0]!], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env, npm_config_offline: "true" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(read.status).toBe(0);
      expect(read.stdout.split("\n")[0]).toMatch(new RegExp(`^#${chat} `));
      expect(read.stdout).toContain(`\n[${message}] `);
    }
  }, 120_000);

  it("--json prints the report object; no match exits 10", async () => {
    const run = await recollect([
      "--json",
      "explore",
      "zebra quantum pancakes",
      "--app",
      "Tasktide",
    ]);
    const report = exploreChatHistoryReportSchema.parse(JSON.parse(run.stdout));
    expect(report.outcome).toBe("no_match");
    expect(report.action).toBe("no_relevant_history");
    expect(run.code).toBe(10);
  });

  it("classifies bad input and missing apps with the shared exit codes", async () => {
    const missing = await recollect(["explore", "auth", "--app", "Nope"]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(
      `recollect: App "Nope" was not found. Run \`${INVOCATION} --db ${db} apps\` to list the apps.\n`,
    );
    const badChat = await recollect(["explore", "auth", "--app", "Tasktide", "--chat", "abc"]);
    expect(badChat.code).toBe(2);
    const otherChat = await recollect(["explore", "auth", "--app", "Tasktide", "--chat", "9999"]);
    expect(otherChat.code).toBe(3);
    const blank = await recollect(["explore", "   ", "--app", "Tasktide"]);
    expect(blank.code).toBe(2);
    const badEngine = await recollect([
      "explore",
      "auth",
      "--app",
      "Tasktide",
      "--engine",
      "magic",
    ]);
    expect(badEngine.code).toBe(2);
    expect(badEngine.stderr).toBe(
      'recollect: Invalid --engine: expected offline | openai-compatible | openai | anthropic (got "magic").\n',
    );
  });

  it("the 500-character bound counts code points: 500 emoji or CJK are asked, 501 refused", async () => {
    const run = (args: readonly string[]) => runRecollectChild(["--json", "--db", db, ...args]);
    const [emoji, cjk] = ["😀", "𠀀"];
    const runs = await Promise.all([
      // A question needs a word to search for: one CJK character and 499 emoji.
      run(["explore", `${cjk}${emoji.repeat(499)}`, "--app", "Tasktide"]),
      run(["search", "--app", "Tasktide", cjk.repeat(500)]),
      run(["explore", emoji.repeat(501), "--app", "Tasktide"]),
      run(["search", "--app", "Tasktide", cjk.repeat(501)]),
    ]);
    expect(runs.slice(0, 2).map((child) => child.code === 2)).toEqual([false, false]);
    const errors = runs.slice(2).map((child) => JSON.parse(child.stderr).error);
    expect(errors.map((error) => [error.kind, error.argument, error.length, error.limit])).toEqual([
      ["invalid_input", "<question>", 501, 500],
      ["invalid_input", "<query>", 501, 500],
    ]);
  }, 60_000);

  it("a question or search query of only control characters, or one over 500, is a usage error (exit 2) stating length and limit", async () => {
    const run = (args: readonly string[]) => runRecollectChild(["--json", "--db", db, ...args]);
    const invisible = "\u001b\u0007 \t\u200b";
    const long = `  ${"x".repeat(501)}  `;
    const runs = await Promise.all([
      run(["explore", invisible, "--app", "Tasktide"]),
      run(["explore", long, "--app", "Tasktide"]),
      run(["demo", "--question", long]),
      run(["search", "--app", "Tasktide", "y".repeat(600)]),
      run(["search", "--app", "Tasktide", invisible]),
      run(["search", "--app", "Tasktide", "\u200b"]),
      run(["explore", "?!.,;:", "--app", "Tasktide"]),
      run(["search", "--app", "Tasktide", "?!"]),
    ]);
    expect(runs.map((child) => [child.code, child.stdout])).toEqual(Array(8).fill([2, ""]));
    const errors = runs.map((child) => JSON.parse(child.stderr).error);
    expect(errors.map((error) => [error.kind, error.argument, error.length, error.limit])).toEqual([
      ["invalid_input", "<question>", undefined, undefined],
      ["invalid_input", "<question>", 501, 500],
      ["invalid_input", "--question", 501, 500],
      ["invalid_input", "<query>", 600, 500],
      ["invalid_input", "<query>", undefined, undefined],
      ["invalid_input", "<query>", undefined, undefined],
      ["invalid_input", "<question>", undefined, undefined],
      ["invalid_input", "<query>", undefined, undefined],
    ]);
    // Punctuation alone shows something, yet there is nothing to search for.
    for (const error of errors.slice(6)) {
      expect(error.message).toContain("(got no letter or digit to search for)");
    }
    expect(errors[4].message).toBe(errors[5].message);
    expect(errors[4].message).toContain("(got only control or invisible characters)");
  }, 60_000);

  it("a bad or missing Engine variable is a precondition (exit 4) naming that variable", async () => {
    const explore = (env: Record<string, string>) =>
      runRecollectChild(["--json", "--db", db, "explore", "auth", "--app", "Tasktide"], {
        env: {
          RECOLLECT_ENGINE: "",
          RECOLLECT_ENGINE_BASE_URL: "",
          RECOLLECT_ENGINE_MODEL: "",
          ...env,
        },
      });
    const local = { RECOLLECT_ENGINE: "openai-compatible" };
    const runs = await Promise.all([
      explore(local),
      explore({ ...local, RECOLLECT_ENGINE_BASE_URL: "http://127.0.0.1:1/v1" }),
      explore({
        ...local,
        RECOLLECT_ENGINE_BASE_URL: "localhost:11434",
        RECOLLECT_ENGINE_MODEL: "m",
      }),
      explore({ RECOLLECT_ENGINE: "gemini" }),
    ]);
    expect(runs.map((run) => [run.code, run.stdout])).toEqual(Array(4).fill([4, ""]));
    const errors = runs.map((run) => JSON.parse(run.stderr).error);
    expect(errors.map((error) => [error.kind, error.missing ?? error.setting])).toEqual([
      ["precondition", "RECOLLECT_ENGINE_BASE_URL"],
      ["precondition", "RECOLLECT_ENGINE_MODEL"],
      ["precondition", "RECOLLECT_ENGINE_BASE_URL"],
      ["precondition", "RECOLLECT_ENGINE"],
    ]);
    expect(errors[2].allowed).toBe("an http(s) URL such as http://127.0.0.1:11434/v1");
    expect(errors.filter((error) => error.message.includes("engine."))).toEqual([]);
  }, 60_000);
});
