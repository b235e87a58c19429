import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeClineAndRooTasks } from "../../importers/testing/cline-task-fixture.js";
import { writeCursorProfile } from "../../importers/testing/cursor-fixture.js";
import { geminiRecordedSession } from "../../importers/testing/gemini-fixture.js";
import { writeOpenCodeStorage } from "../../importers/testing/opencode-fixture.js";
import { discoveredFiles, discoverSource } from "../discover.js";
import { type FixtureMachine, fixtureMachinesPerTest } from "../testing/machine-fixture.js";
import { applicationDataFolder } from "./application-data.js";
import { HISTORY_SOURCES } from "./index.js";

const machine = fixtureMachinesPerTest();
const source = (name: string) => HISTORY_SOURCES.find((entry) => entry.name === name)!;
const found = (name: string, m: FixtureMachine) =>
  discoveredFiles(discoverSource(source(name), m.environment, [])).map((file) => ({
    ...file,
    root: source(name).projectRootOf(file),
  }));

describe("sources of the Gemini CLI, Cursor, OpenCode, Cline and Roo Code formats", () => {
  it("Gemini CLI: sessions per project folder, sub-agents linked, the root from .project_root", () => {
    const m = machine();
    const shop = m.project("code/shop");
    const session = m.write(
      ".gemini/tmp/shop/chats/session-2026-03-02T09-00-7f3c9a52.jsonl",
      geminiRecordedSession(),
    );
    const child = m.write(
      ".gemini/tmp/shop/chats/7f3c9a52-1b4e-4d8a-9f60-2c5e8b1a7d34/agent-1.jsonl",
      geminiRecordedSession(),
    );
    m.write(".gemini/tmp/shop/.project_root", `${shop}\n`);
    const hashed = m.write(
      `.gemini/tmp/${"b".repeat(64)}/chats/session-2026-03-01T08-00-aaaaaaaa.json`,
      "{}",
    );
    m.write(".gemini/tmp/shop/logs.json", "[]");
    expect(found("gemini-cli", m)).toEqual([
      { path: hashed, projectRoot: null, parentPath: null, root: null },
      { path: session, projectRoot: shop, parentPath: null, root: shop },
      { path: child, projectRoot: shop, parentPath: session, root: shop },
    ]);
  });

  it("Cursor: the global state.vscdb under the platform's application-data folder", () => {
    const m = machine();
    const path = writeCursorProfile(
      join(m.home, applicationDataFolder(), "Cursor", "User"),
      "/w/shop",
    );
    expect(found("cursor", m)).toEqual([{ path, projectRoot: null, parentPath: null, root: null }]);
  });

  it("OpenCode: session files, their directory as root and a sub-agent's parent; XDG_DATA_HOME moves it", () => {
    const m = machine();
    const storage = join(m.home, "xdg", "opencode", "storage");
    const session = writeOpenCodeStorage(storage);
    const child = join(session, "..", "ses_child.json");
    writeFileSync(
      child,
      JSON.stringify({
        id: "ses_child",
        parentID: "ses_4a1b2c3d4e5fGh6Ij7Kl8Mn9",
        directory: "/home/dana/code/shop",
        time: { created: 1 },
      }),
    );
    const environment = { ...m.environment, env: { XDG_DATA_HOME: join(m.home, "xdg") } };
    const files = discoveredFiles(discoverSource(source("opencode"), environment, []));
    expect(
      files.map((file) => [file.path, file.parentPath, source("opencode").projectRootOf(file)]),
    ).toEqual([
      [session, null, "/home/dana/code/shop"],
      [join(session, "..", "ses_child.json"), session, "/home/dana/code/shop"],
    ]);
  });

  it("Cline and Roo Code: each task's ui_messages.json in VS Code's globalStorage, its workspace as root", () => {
    const m = machine();
    const globalStorage = join(m.home, applicationDataFolder(), "Code", "User", "globalStorage");
    const { cline } = writeClineAndRooTasks(globalStorage);
    const rooTask = join(globalStorage, "rooveterinaryinc.roo-cline", "tasks", "1767300000000");
    mkdirSync(rooTask, { recursive: true });
    writeFileSync(
      join(rooTask, "ui_messages.json"),
      JSON.stringify([
        { ts: 1767300000000, type: "say", say: "text", text: "hi" },
        {
          ts: 1767300000001,
          type: "say",
          say: "api_req_started",
          text: JSON.stringify({ request: "# Current Workspace Directory (/w/billing) Files" }),
        },
      ]),
    );
    expect(found("cline", m)).toEqual([
      {
        path: join(cline, "ui_messages.json"),
        projectRoot: null,
        parentPath: null,
        root: "/home/dev/fernwood",
      },
    ]);
    // The task with only an API history is left to `recollect import`.
    expect(found("roo-code", m)).toEqual([
      {
        path: join(rooTask, "ui_messages.json"),
        projectRoot: null,
        parentPath: null,
        root: "/w/billing",
      },
    ]);
  });
});
