/**
 * `recollect apps rename OLD NEW` as real child processes: a rename keeps every chat in the app,
 * and a refused one (NEW another app's name, even loosely, blank, over 200 characters or not on
 * one line; OLD no app's) names the positional
 * argument, exits with its class's code and changes nothing.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 120_000;
const stores = createTempStores();
afterEach(() => stores.cleanup());

/** A store holding apps "Shop" (2 chats) and "Café Notes" (1 chat), imported from a JSONL file. */
async function storeWithApps(): Promise<string> {
  const db = stores.path();
  const history = join(dirname(db), "history.jsonl");
  const line = (app: string, chat: string) =>
    JSON.stringify({ app, chat, role: "user", content: `about ${chat}`, created_at: 1 });
  writeFileSync(
    history,
    `${[line("Shop", "c1"), line("Shop", "c2"), line("Café Notes", "c3")].join("\n")}\n`,
  );
  const run = await runRecollectChild(["--db", db, "import", history]);
  expect(run.code).toBe(0);
  return db;
}

/** `recollect --json --db db <args…>`: exit code and parsed stdout (or stderr's error). */
async function json(db: string, args: readonly string[]) {
  const run = await runRecollectChild(["--json", "--db", db, ...args]);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return {
    code: run.code,
    out: run.stdout === "" ? null : JSON.parse(run.stdout),
    error: run.stderr === "" ? null : JSON.parse(run.stderr).error,
  };
}

/** Each app's name and chat count, as `apps --json` lists them. */
async function apps(db: string) {
  const { out } = await json(db, ["apps"]);
  return (out as { name: string; chats: number }[]).map(({ name, chats }) => ({ name, chats }));
}

describe("recollect apps rename", () => {
  it(
    "renames the app OLD selects as --app does, keeping its chats",
    async () => {
      const db = await storeWithApps();
      const renamed = await json(db, ["apps", "rename", "shop", "  Storefront "]);
      expect(renamed).toEqual({
        code: 0,
        out: { id: 1, old_name: "Shop", name: "Storefront" },
        error: null,
      });
      expect(await apps(db)).toEqual([
        { name: "Café Notes", chats: 1 },
        { name: "Storefront", chats: 2 },
      ]);
      const human = await runRecollectChild(["--db", db, "apps", "rename", "cafe notes", "Notes"]);
      expect({ code: human.code, stdout: human.stdout }).toEqual({
        code: 0,
        stdout: 'Renamed app "Café Notes" to "Notes".\n',
      });
      const chats = await json(db, ["chats", "--app", "Storefront"]);
      expect(chats.out).toHaveLength(2);
    },
    PROCESS_TEST_MS,
  );

  it(
    "refuses NEW when another app has it but for case or accents, blank, too long or not on one line (exit 2, <new>), and an unknown OLD (exit 3, <old>)",
    async () => {
      const db = await storeWithApps();
      const before = await apps(db);
      const taken = await json(db, ["apps", "rename", "Shop", "CAFE notes"]);
      expect({ code: taken.code, out: taken.out, ...taken.error, message: undefined }).toEqual({
        code: 2,
        out: null,
        kind: "invalid_input",
        exit_code: 2,
        argument: "<new>",
        allowed: "a name no other app has, even ignoring case, accents and spacing",
        app_name: "CAFE notes",
        taken_by: "Café Notes",
        remedies: [expect.stringMatching(/ apps$/)],
        message: undefined,
      });
      const unknown = await json(db, ["apps", "rename", "Shopp", "Storefront"]);
      expect({
        code: unknown.code,
        out: unknown.out,
        ...unknown.error,
        message: undefined,
      }).toEqual({
        code: 3,
        out: null,
        kind: "not_found",
        exit_code: 3,
        argument: "<old>",
        app_name: "Shopp",
        store_has_apps: true,
        suggestions: ["Shop"],
        remedies: [expect.stringMatching(/ apps$/)],
        message: undefined,
      });
      const refused = async (name: string) => {
        const run = await json(db, ["apps", "rename", "Shop", name]);
        return { code: run.code, argument: run.error.argument, out: run.out };
      };
      const fails = { code: 2, argument: "<new>", out: null };
      // Blank, a line break or a control character, and one past 200 characters (code points).
      expect(await refused("   ")).toEqual(fails);
      expect(await refused("Sh\nop")).toEqual(fails);
      expect(await refused("Sh\u0007op")).toEqual(fails);
      expect(await refused("😀".repeat(201))).toEqual(fails);
      expect(await apps(db)).toEqual(before);
      const longest = await json(db, ["apps", "rename", "Shop", "😀".repeat(200)]);
      expect(longest.code).toBe(0);
    },
    PROCESS_TEST_MS,
  );
});
