import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { openStore } from "../../store/open-store.js";
import { readDetectionHead } from "../detection-head.js";
import { detectFormatModule } from "../format-registry.js";
import { importPaths } from "../import-paths.js";
import {
  OPENCODE_SESSION,
  OPENCODE_START_MS,
  writeOpenCodeStorage,
} from "../testing/opencode-fixture.js";
import { createTempDirs } from "../testing/temp-dir.js";
import { parseOpenCodeFile } from "./opencode.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe("parseOpenCodeFile", () => {
  it("reads a session with its messages' text parts, in order, its folder as the app", () => {
    const sessionPath = writeOpenCodeStorage(join(temp.make(), "storage"));
    const [chat, ...others] = parseOpenCodeFile(sessionPath, readFileSync(sessionPath, "utf8"));
    expect(others).toEqual([]);
    expect({
      ...chat,
      messages: chat!.messages.map((m) => [
        m.role,
        m.content,
        m.createdAtMs - OPENCODE_START_MS,
        m.isCompactionSummary,
      ]),
    }).toEqual({
      source: "opencode",
      externalId: OPENCODE_SESSION,
      title: "Choose a queue for order emails",
      createdAtMs: OPENCODE_START_MS,
      appHint: { name: "shop", path: "/home/dana/code/shop", origin: "cwd" },
      messages: [
        ["user", "Which queue should send order emails?", 1000, false],
        ["assistant", "Use BullMQ on the Redis you already run.", 5000, false],
        ["user", "Go with BullMQ.", 30_000, false],
        ["assistant", "Added the BullMQ worker.", 35_000, false],
        ["assistant", "Summary: BullMQ chosen for order emails.", 90_000, true],
      ],
    });
  });

  it("a folder import reads each session once; message and part files add nothing of their own", () => {
    const storage = join(temp.make(), "storage");
    const sessionPath = writeOpenCodeStorage(storage);
    expect(detectFormatModule(readDetectionHead(sessionPath))?.format).toBe("opencode");
    using store = openStore({ path: ":memory:" });
    const report = importPaths({ store, paths: [storage] });
    const opencode = report.formats.find((entry) => entry.format === "opencode");
    expect([opencode?.chats, opencode?.messages, report.failures]).toEqual([1, 5, []]);
    // The project file is no chat format of its own.
    expect(
      report.skippedPaths.flatMap((s) => (s.reason === "unknown_format" ? [s.path] : [])),
    ).toEqual([join(storage, "project", "3f9c1e7a2b5d8f0a4c6e8b1d3f5a7c9e1b3d5f70.json")]);
  });

  it("rejects the session when one of its part files is broken, naming that file and line", () => {
    const storage = join(temp.make(), "storage");
    const sessionPath = writeOpenCodeStorage(storage);
    const broken = join(storage, "part", "msg_b1c2d3e4f5a6003", "prt_b1c2d3e4f5a6003000.json");
    writeFileSync(
      broken,
      '{\n  "id": "prt_b1c2d3e4f5a6003000",\n  "type": "text",\n  "text": "Go with',
    );
    expect(() => parseOpenCodeFile(sessionPath, readFileSync(sessionPath, "utf8"))).toThrow(
      new ImportFormatError(broken, 4, "not valid JSON (truncated or corrupt file)"),
    );
    using store = openStore({ path: ":memory:" });
    const report = importPaths({ store, paths: [sessionPath] });
    expect([report.totals.messages, report.failures.map((f) => f.file)]).toEqual([0, [broken]]);
  });
});
