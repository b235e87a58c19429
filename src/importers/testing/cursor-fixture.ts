/**
 * Test helper: a Cursor profile laid out like the real one — `User/globalStorage/state.vscdb` with
 * Cursor's `ItemTable` and `cursorDiskKV` tables, and one `User/workspaceStorage/<id>/` holding
 * `workspace.json` and a `state.vscdb` that lists its composers. Keys and JSON fields follow Cursor's
 * layout (written here; no real database is copied). Composer A uses bubble headers and separate
 * bubble rows (with a tool-call bubble and a thinking bubble without text); composer B is an older
 * inline `conversation`; composer C has no text at all.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";

/** Composer ids of the fixture. */
export const CURSOR_COMPOSERS = {
  headers: "0b6f2c1e-5a7d-4e39-8c2b-91d4e6f0a1b2",
  inline: "1c7e3d2f-6b8e-4f4a-9d3c-a2e5f7b1c2d3",
  empty: "2d8f4e3a-7c9f-4a5b-8e4d-b3f6a8c2d3e4",
} as const;

/** ms of composer A's start: 2026-03-03T08:00:00Z. */
export const CURSOR_START_MS = Date.UTC(2026, 2, 3, 8, 0, 0);

const KV_SCHEMA = `
  CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);
  CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);
`;

/**
 * Writes the profile under `userDir` (the `…/Cursor/User` folder) with composer A's workspace at
 * `workspaceFolder`; returns the global database's path.
 */
export function writeCursorProfile(userDir: string, workspaceFolder: string): string {
  const globalDir = join(userDir, "globalStorage");
  mkdirSync(globalDir, { recursive: true });
  const path = join(globalDir, "state.vscdb");
  const db = new Database(path);
  try {
    db.exec(KV_SCHEMA);
    const put = db.prepare("INSERT INTO cursorDiskKV (key, value) VALUES (?, ?)");
    const { headers, inline, empty } = CURSOR_COMPOSERS;
    const bubbles = [
      {
        bubbleId: "b1",
        type: 1,
        text: "Why does the checkout test flake?",
        createdAt: "2026-03-03T08:00:05.000Z",
      },
      {
        bubbleId: "b2",
        type: 2,
        text: "",
        toolFormerData: { name: "read_file", status: "completed" },
      },
      { bubbleId: "b3", type: 2, text: "", thinking: { text: "The clock is mocked per test" } },
      {
        bubbleId: "b4",
        type: 2,
        text: "The test shares a clock with the cart test; reset it in beforeEach.",
        createdAt: "2026-03-03T08:00:30.000Z",
      },
      { bubbleId: "b5", type: 1, text: "Do that.", createdAt: "2026-03-03T08:01:00.000Z" },
    ];
    put.run(
      `composerData:${headers}`,
      JSON.stringify({
        _v: 10,
        composerId: headers,
        name: "Flaky checkout test",
        createdAt: CURSOR_START_MS,
        lastUpdatedAt: CURSOR_START_MS + 60_000,
        status: "completed",
        fullConversationHeadersOnly: bubbles.map(({ bubbleId, type }) => ({ bubbleId, type })),
        context: { fileSelections: [] },
      }),
    );
    for (const bubble of bubbles) {
      put.run(
        `bubbleId:${headers}:${bubble.bubbleId}`,
        JSON.stringify({ _v: 3, ...bubble, richText: "" }),
      );
    }
    put.run(
      `composerData:${inline}`,
      JSON.stringify({
        composerId: inline,
        createdAt: CURSOR_START_MS + 86_400_000,
        conversation: [
          { bubbleId: "i1", type: 1, text: "Rename the cart module to basket" },
          { bubbleId: "i2", type: 2, text: "Renamed; 14 imports updated." },
        ],
      }),
    );
    put.run(
      `composerData:${empty}`,
      JSON.stringify({
        composerId: empty,
        createdAt: CURSOR_START_MS,
        fullConversationHeadersOnly: [],
      }),
    );
    put.run("checkpointId:abc", JSON.stringify({ files: [] }));
    db.prepare("INSERT INTO ItemTable (key, value) VALUES (?, ?)").run(
      "cursorAuth/cachedEmail",
      "x@example.com",
    );
  } finally {
    db.close();
  }
  writeCursorWorkspace(userDir, "5f1e0c9b7a3d2e4f", workspaceFolder, [CURSOR_COMPOSERS.headers]);
  return path;
}

/**
 * Writes `User/workspaceStorage/<id>/` as Cursor does for a window opened on `folder`:
 * `workspace.json` naming the folder and a `state.vscdb` whose `composer.composerData` lists
 * `composerIds` (replacing an earlier list).
 */
export function writeCursorWorkspace(
  userDir: string,
  id: string,
  folder: string,
  composerIds: readonly string[],
): void {
  const workspaceDir = join(userDir, "workspaceStorage", id);
  mkdirSync(workspaceDir, { recursive: true });
  writeFileSync(
    join(workspaceDir, "workspace.json"),
    JSON.stringify({ folder: pathToFileURL(folder).href }),
  );
  const workspaceDb = new Database(join(workspaceDir, "state.vscdb"));
  try {
    workspaceDb.exec(
      "CREATE TABLE IF NOT EXISTS ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)",
    );
    workspaceDb.prepare("INSERT INTO ItemTable (key, value) VALUES (?, ?)").run(
      "composer.composerData",
      JSON.stringify({
        allComposers: composerIds.map((composerId) => ({ composerId, type: "head" })),
        selectedComposerIds: [],
      }),
    );
  } finally {
    workspaceDb.close();
  }
}

/**
 * Adds (or replaces) composer `composerId` in an open global `state.vscdb`, with its bubbles as
 * separate rows behind `fullConversationHeadersOnly`, as current Cursor versions write them, and
 * its `name` when given.
 */
export function putCursorComposer(
  db: Database.Database,
  composerId: string,
  createdAtMs: number,
  bubbles: readonly { bubbleId: string; type: 1 | 2; text: string }[],
  name?: string,
): void {
  const put = db.prepare("INSERT INTO cursorDiskKV (key, value) VALUES (?, ?)");
  put.run(
    `composerData:${composerId}`,
    JSON.stringify({
      _v: 10,
      composerId,
      ...(name === undefined ? {} : { name }),
      createdAt: createdAtMs,
      fullConversationHeadersOnly: bubbles.map(({ bubbleId, type }) => ({ bubbleId, type })),
    }),
  );
  for (const bubble of bubbles) {
    put.run(`bubbleId:${composerId}:${bubble.bubbleId}`, JSON.stringify({ _v: 3, ...bubble }));
  }
}
