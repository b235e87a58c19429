import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PROJECTION_VERSION } from "../../history/index.js";
import { writeSyntheticCorpus } from "../../importers/testing/synthetic-histories.js";
import { openStore } from "../../store/open-store.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

/** How the printed commands start in this environment. */
const INVOCATION = recollectInvocation(process.env).join(" ");

const stores = createTempStores();
afterEach(() => stores.cleanup());

describe("recollect apps, chats and index", () => {
  it("lists apps and chats with ISO dates, and the index state", async () => {
    const db = stores.path();
    const corpus = writeSyntheticCorpus(join(dirname(db), "corpus"));
    const files = [corpus.codex, corpus.specstoryV1, corpus.specstoryCursor];
    expect((await runCaptured(["--db", db, "import", ...files])).code).toBe(0);

    const apps = await runCaptured(["--db", db, "apps"]);
    expect(apps.stdout).toBe(
      [
        "Quillmark  2 chats, 6 messages, last 2026-03-02T10:15:00.001Z",
        "Tidepool  1 chat, 2 messages, last 2025-12-01T12:01:30.000Z",
        "",
      ].join("\n"),
    );

    const chats = await runCaptured(["--db", db, "--json", "chats", "--app", "Quillmark"]);
    expect(JSON.parse(chats.stdout)).toEqual([
      {
        id: 3,
        title: "which queue for export jobs",
        source: "specstory",
        created_at: "2026-03-02T10:15:00.000Z",
        messages: 2,
      },
      {
        id: 2,
        title: "Choosing a Date Library for Quillmark",
        source: "specstory",
        created_at: "2025-05-14T09:05:00.000Z",
        messages: 4,
      },
    ]);
    const human = await runCaptured(["--db", db, "chats", "--app", "Quillmark"]);
    expect(human.stdout.split("\n")[0]).toBe(
      "#3  2026-03-02T10:15:00.000Z  specstory  2 messages  which queue for export jobs",
    );

    const status = await runCaptured(["--db", db, "--json", "index", "status"]);
    expect(JSON.parse(status.stdout)).toEqual({
      projection_version: PROJECTION_VERSION,
      store_projection_version: PROJECTION_VERSION,
      reindex_pending: false,
      pending: 0,
      writable: true,
      apps: [
        { app: "Quillmark", messages: 6, pending: 0, status: "ready" },
        { app: "Tidepool", messages: 2, pending: 0, status: "ready" },
      ],
    });
    const rebuild = await runCaptured(["--db", db, "--json", "index", "rebuild"]);
    expect(JSON.parse(rebuild.stdout)).toMatchObject({ rebuilt: 8, pending: 0 });
  });

  it("an empty --db is invalid input (exit 2) rather than a silent temporary store", async () => {
    const run = await runCaptured(["--db", "", "apps"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      "recollect: Invalid --db: expected a store file path (got an empty path).\n",
    ]);
  });

  it("prints an app name a history file gave with a line break on its one line", async () => {
    const db = stores.path();
    const history = join(dirname(db), "history.jsonl");
    const line = { app: "Sh\nop", chat: "c1", role: "user", content: "hello", created_at: 1 };
    writeFileSync(history, `${JSON.stringify(line)}\n`);
    expect((await runCaptured(["--db", db, "import", history])).code).toBe(0);
    const lines = (await runCaptured(["--db", db, "apps"])).stdout.split("\n");
    expect(lines[0]?.startsWith("Sh\\u{A}op  1 chat, 1 message")).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it("an empty store says how to start; an unknown app exits 3", async () => {
    const db = stores.path();
    openStore({ path: db }).close();
    const empty = (await runCaptured(["--db", db, "apps"])).stdout;
    expect(empty).toMatch(/^No apps yet\. /);
    expect(empty).toContain(`\`${INVOCATION} --db ${db} import <paths…>\``);
    expect(empty).toContain(`\`${INVOCATION} --db ${db} sync\``);
    const unknown = await runCaptured(["--db", db, "chats", "--app", "ghost"]);
    expect(unknown.code).toBe(3);
  });
});
