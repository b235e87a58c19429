/**
 * Test helper: an OpenCode `storage/` folder shaped like the real one (session, message and part
 * files with OpenCode's id prefixes and fields, written here; nothing is copied). One session in
 * project `/home/dana/code/shop`: a prompt with a synthetic file part, a reply split over step,
 * reasoning, tool and text parts, a second exchange and a compaction summary.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The fixture's session id and its start (2026-03-04T12:00:00Z). */
export const OPENCODE_SESSION = "ses_4a1b2c3d4e5fGh6Ij7Kl8Mn9";
export const OPENCODE_START_MS = Date.UTC(2026, 2, 4, 12, 0, 0);
const PROJECT = "3f9c1e7a2b5d8f0a4c6e8b1d3f5a7c9e1b3d5f70";

const write = (path: string, value: unknown) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
};

/** Writes the storage folder at `storage` and returns the session file's path. */
export function writeOpenCodeStorage(storage: string): string {
  const t = (seconds: number) => OPENCODE_START_MS + seconds * 1000;
  const sessionPath = join(storage, "session", PROJECT, `${OPENCODE_SESSION}.json`);
  write(join(storage, "project", `${PROJECT}.json`), {
    id: PROJECT,
    worktree: "/home/dana/code/shop",
    vcs: "git",
    time: { created: t(0) },
  });
  write(sessionPath, {
    id: OPENCODE_SESSION,
    slug: "calm-harbor",
    version: "1.1.4",
    projectID: PROJECT,
    directory: "/home/dana/code/shop",
    title: "Choose a queue for order emails",
    time: { created: t(0), updated: t(90) },
    summary: { additions: 12, deletions: 3, files: 2 },
  });
  const messages: [string, "user" | "assistant", number, unknown[], boolean?][] = [
    [
      "msg_b1c2d3e4f5a6001",
      "user",
      1,
      [
        { type: "text", text: "Which queue should send order emails?" },
        { type: "text", text: "Called the Read tool with src/mail.ts", synthetic: true },
        {
          type: "file",
          mime: "text/plain",
          filename: "mail.ts",
          url: "file:///home/dana/code/shop/src/mail.ts",
        },
      ],
    ],
    [
      "msg_b1c2d3e4f5a6002",
      "assistant",
      5,
      [
        { type: "step-start" },
        { type: "reasoning", text: "They already run Redis.", time: { start: t(5), end: t(6) } },
        {
          type: "tool",
          callID: "call_1",
          tool: "read",
          state: { status: "completed", input: { filePath: "src/mail.ts" }, output: "…" },
        },
        {
          type: "text",
          text: "Use BullMQ on the Redis you already run.",
          time: { start: t(8), end: t(9) },
        },
        {
          type: "step-finish",
          reason: "stop",
          cost: 0,
          tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } },
        },
      ],
    ],
    ["msg_b1c2d3e4f5a6003", "user", 30, [{ type: "text", text: "Go with BullMQ." }]],
    ["msg_b1c2d3e4f5a6004", "assistant", 35, [{ type: "text", text: "Added the BullMQ worker." }]],
    [
      "msg_b1c2d3e4f5a6005",
      "assistant",
      90,
      [{ type: "text", text: "Summary: BullMQ chosen for order emails." }],
      true,
    ],
  ];
  for (const [id, role, at, parts, summary] of messages) {
    write(join(storage, "message", OPENCODE_SESSION, `${id}.json`), {
      id,
      sessionID: OPENCODE_SESSION,
      role,
      time: role === "user" ? { created: t(at) } : { created: t(at), completed: t(at + 4) },
      ...(role === "assistant"
        ? {
            modelID: "claude-sonnet-4",
            providerID: "anthropic",
            mode: "build",
            path: { cwd: "/home/dana/code/shop", root: "/home/dana/code/shop" },
            cost: 0,
          }
        : {}),
      ...(summary ? { summary: true } : {}),
    });
    parts.forEach((part, index) => {
      const partId = `prt_${id.slice(4)}${String(index).padStart(3, "0")}`;
      write(join(storage, "part", id, `${partId}.json`), {
        id: partId,
        sessionID: OPENCODE_SESSION,
        messageID: id,
        ...(part as object),
      });
    });
  }
  return sessionPath;
}
