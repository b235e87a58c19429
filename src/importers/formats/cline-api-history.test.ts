import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { readDetectionHead } from "../detection-head.js";
import { detectFormatModule } from "../format-registry.js";
import { importPaths } from "../import-paths.js";
import {
  CLINE_TASK_ID,
  ROO_TASK_ID,
  writeClineAndRooTasks,
} from "../testing/cline-task-fixture.js";
import { createTempDirs } from "../testing/temp-dir.js";
import { parseClineApiHistory } from "./cline-api-history.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe("parseClineApiHistory", () => {
  it("keeps the person's words and the model's text, not what the extension injected", () => {
    const { roo } = writeClineAndRooTasks(temp.make());
    const file = join(roo, "api_conversation_history.json");
    const [chat] = parseClineApiHistory(file, readFileSync(file, "utf8"), 0);
    expect({
      ...chat,
      messages: chat!.messages.map((m) => [m.role, m.content, m.createdAtMs]),
    }).toEqual({
      source: "cline-api",
      externalId: ROO_TASK_ID,
      title: "Move the invoice PDFs to S3",
      createdAtMs: 1767100000000,
      appHint: { name: "billing", path: "/home/dana/code/billing", origin: "cwd" },
      messages: [
        ["user", "Move the invoice PDFs to S3", 1767100000000],
        [
          "assistant",
          "<thinking>Check the storage module.</thinking>\n<read_file><path>src/storage.ts</path></read_file>",
          1767100005000,
        ],
        ["assistant", "Use one bucket per environment, prefixed by year.", 1767100010000],
        ["user", "One bucket is fine, no year prefix.", 1767100020000],
        ["assistant", "Done: a single bucket, keys by invoice id.", 1767100030000],
      ],
    });
  });

  it("gives no chat when the task's ui_messages.json is beside it", () => {
    const { cline } = writeClineAndRooTasks(temp.make());
    const file = join(cline, "api_conversation_history.json");
    expect(parseClineApiHistory(file, readFileSync(file, "utf8"), 0)).toEqual([]);
  });

  it("is recognized by its name and shape only", () => {
    const dir = temp.make();
    const { roo } = writeClineAndRooTasks(dir);
    expect(
      detectFormatModule(readDetectionHead(join(roo, "api_conversation_history.json")))?.format,
    ).toBe("cline-api");
    const elsewhere = join(dir, "messages.json");
    writeFileSync(elsewhere, JSON.stringify([{ role: "user", content: "hi" }]));
    expect(detectFormatModule(readDetectionHead(elsewhere))).toBeNull();
  });

  it("imports a globalStorage folder: one chat per task, each task once", () => {
    const dir = temp.make();
    writeClineAndRooTasks(dir);
    using store = openStore({ path: ":memory:" });
    const report = importPaths({ store, paths: [dir] });
    expect(report.formats.map(({ format, files, chats }) => [format, files, chats])).toEqual([
      ["cline", 1, 1],
      ["cline-api", 2, 1],
    ]);
    expect(
      store.db.prepare("SELECT external_id FROM chats ORDER BY external_id").pluck().all(),
    ).toEqual([CLINE_TASK_ID, ROO_TASK_ID]);
    expect(report.failures).toEqual([]);
  });

  it("rejects a message without role or content, naming it", () => {
    const file = join(temp.make(), "api_conversation_history.json");
    writeFileSync(
      file,
      JSON.stringify([
        { role: "user", content: "a" },
        { role: "robot", content: "b" },
      ]),
    );
    expect(() => parseClineApiHistory(file, readFileSync(file, "utf8"), 0)).toThrow(
      `${file}: not a Cline API conversation history: unexpected shape at 1.role`,
    );
  });
});
