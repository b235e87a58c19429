import { afterEach, describe, expect, it } from "vitest";
import { corpusFile } from "../../importers/testing/corpus.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const files = [
  corpusFile(
    "specstory",
    "Bucur21__PaperBites__2026-04-09_19-38-27Z-docx-document-editing-capabilities.md",
  ),
  corpusFile("specstory", "0-auth__zero-auth__2026-08-06_20-56-32Z-go-through-the-given.md"),
  corpusFile("specstory", "0-auth__zero-auth__2026-08-06_21-10-42Z-go-through-the-given.md"),
];

describe("recollect apps, chats and index", () => {
  it("lists apps and chats with ISO dates, and the index state", async () => {
    const db = stores.path();
    expect((await runCaptured(["--db", db, "import", ...files])).code).toBe(0);

    const apps = await runCaptured(["--db", db, "apps"]);
    expect(apps.stdout).toBe(
      [
        "PaperBites  1 chat, 2 messages, last 2026-04-09T19:38:27.001Z",
        "zero-auth  2 chats, 2 messages, last 2026-08-06T21:10:43.000Z",
        "",
      ].join("\n"),
    );

    const chats = await runCaptured(["--db", db, "--json", "chats", "--app", "zero-auth"]);
    expect(JSON.parse(chats.stdout)).toEqual([
      {
        id: 3,
        title: "go through the given",
        source: "specstory",
        created_at: "2026-08-06T21:10:43.000Z",
        messages: 1,
      },
      {
        id: 2,
        title: "go through the given",
        source: "specstory",
        created_at: "2026-08-06T20:56:34.000Z",
        messages: 1,
      },
    ]);
    const human = await runCaptured(["--db", db, "chats", "--app", "zero-auth"]);
    expect(human.stdout.split("\n")[0]).toBe(
      "#3  2026-08-06T21:10:43.000Z  specstory  1 messages  go through the given",
    );

    const status = await runCaptured(["--db", db, "--json", "index", "status"]);
    expect(JSON.parse(status.stdout)).toEqual({
      projection_version: expect.any(Number),
      pending: 0,
      apps: [
        { app: "PaperBites", messages: 2, pending: 0, status: "ready" },
        { app: "zero-auth", messages: 2, pending: 0, status: "ready" },
      ],
    });
    const rebuild = await runCaptured(["--db", db, "--json", "index", "rebuild"]);
    expect(JSON.parse(rebuild.stdout)).toMatchObject({ rebuilt: 4, pending: 0 });
  });

  it("an empty --db is invalid input (exit 2) rather than a silent temporary store", async () => {
    const run = await runCaptured(["--db", "", "apps"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      "recollect: Invalid --db: expected a store file path (got an empty path).\n",
    ]);
  });

  it("an empty store says how to start; an unknown app exits 3", async () => {
    const db = stores.path();
    expect((await runCaptured(["--db", db, "apps"])).stdout).toBe(
      "No apps yet. Import chats with `recollect import <paths…>`.\n",
    );
    const unknown = await runCaptured(["--db", db, "chats", "--app", "ghost"]);
    expect(unknown.code).toBe(3);
  });
});
