/**
 * Control and bidirectional characters in a question, an app name, a chat title or an excerpt
 * are shown as visible escapes in the CLI's human output, never sent raw to the terminal; stored
 * data and `--json` output keep them.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempStores, runCaptured } from "./commands/testing/run-captured.js";
import { runRecollectChild } from "./commands/testing/run-child.js";
import { terminalText } from "./terminal-text.js";

/** Any character the terminal would act on (C0 but tab/newline, DEL, C1, bidi controls). */
const RAW_UNSAFE = /(?![\t\n])[\p{Cc}\p{Bidi_Control}]/u;

describe("terminalText", () => {
  it("escapes ESC, BEL, CR, backspace, DEL, C1 and the bidi controls; keeps tab, newline and other text", () => {
    expect(terminalText("a\u001b[2Jb\u0007c\rd\be\u007ff\u009bg")).toBe(
      "a\\u{1B}[2Jb\\u{7}c\\u{D}d\\u{8}e\\u{7F}f\\u{9B}g",
    );
    expect(terminalText("\u202Eevil\u202C \u2066x\u2069 \u200F\u061C")).toBe(
      "\\u{202E}evil\\u{202C} \\u{2066}x\\u{2069} \\u{200F}\\u{61C}",
    );
    expect(terminalText("line\n\tindent “é” 日本 😀")).toBe("line\n\tindent “é” 日本 😀");
  });
});

describe("the CLI's human output", () => {
  const stores = createTempStores();
  const APP = "Evil\u001b[31mApp";
  let db = "";
  beforeAll(async () => {
    db = stores.path();
    const file = join(dirname(db), "history.jsonl");
    const line = (role: string, content: string, at: number) =>
      JSON.stringify({
        app: APP,
        chat: "c1",
        title: "Plan \u202Eesrever",
        role,
        content,
        created_at: at,
      });
    writeFileSync(
      file,
      `${line("user", "We decided on Postgres for the database \u202E\u2066.", 1_700_000_000_000)}\n${line("assistant", "Postgres it is.", 1_700_000_001_000)}\n`,
    );
    expect((await runCaptured(["--db", db, "import", file])).code).toBe(0);
    expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
  });
  afterAll(() => stores.cleanup());

  it("shows control and bidi characters as escapes in every view, and --json keeps them", async () => {
    const question = "what database \u202Edid we pick\u0007 for Postgres \u001b[2J?";
    const [explore, json, apps, chats, read, search, unknown] = await Promise.all([
      runRecollectChild(["--db", db, "explore", "--app", APP, question]),
      runRecollectChild(["--db", db, "--json", "explore", "--app", APP, question]),
      runRecollectChild(["--db", db, "apps"]),
      runRecollectChild(["--db", db, "chats", "--app", APP]),
      runRecollectChild(["--db", db, "read", "--app", APP, "--chat", "1"]),
      runRecollectChild(["--db", db, "search", "--app", APP, "postgres"]),
      runRecollectChild(["--db", db, "chats", "--app", "Nope\u202E"]),
    ]);
    for (const run of [explore, apps, chats, read, search, unknown]) {
      expect(run.stdout + run.stderr).not.toMatch(RAW_UNSAFE);
    }
    expect([0, 10, 11]).toContain(explore.code);
    expect(explore.stdout.split("\n")[0]).toBe(
      "Question: what database \\u{202E}did we pick\\u{7} for Postgres \\u{1B}[2J?",
    );
    expect(apps.stdout.startsWith("Evil\\u{1B}[31mApp  1 chat, 2 messages")).toBe(true);
    expect(read.stdout).toContain("Postgres for the database \\u{202E}\\u{2066}.");
    expect(search.stdout).toContain("Plan \\u{202E}esrever");
    expect(unknown.code).toBe(3);
    expect(JSON.parse(json.stdout).query).toBe(question);
  }, 90_000);
});
