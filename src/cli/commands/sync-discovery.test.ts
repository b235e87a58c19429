/**
 * Where `recollect sync` looks for project-scoped histories (SpecStory), as real child processes
 * over a fixture HOME: the folder it runs in and its git root, the `sync.roots` setting (checked
 * when set), and never a recorded path of another system resolved against the local folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLINE_TASK } from "../../importers/testing/synthetic-histories.js";
import { applicationDataFolder } from "../../sync/sources/application-data.js";
import {
  type FixtureMachine,
  fixtureMachinesPerTest,
  specStoryChat,
} from "../../sync/testing/machine-fixture.js";
import { createTempStores } from "./testing/run-captured.js";
import { type ChildRun, runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());
const machine = fixtureMachinesPerTest();

const TURNS = [
  { role: "user", text: "Which font?" },
  { role: "assistant", text: "Inter." },
] as const;

/** `recollect --db <db> <args…>` as a child in `cwd` whose HOME is `m`'s. */
function recollect(
  m: FixtureMachine,
  db: string,
  args: readonly string[],
  cwd: string,
): Promise<ChildRun> {
  return runRecollectChild(["--db", db, ...args], {
    env: { HOME: m.home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "", XDG_DATA_HOME: "" },
    cwd,
  });
}

/** The first stdout line of a text sync run (the SpecStory source's heading, when only it ran). */
const firstLine = (run: ChildRun) => run.stdout.split("\n")[0];

/** A project `code/PaperBites` holding one SpecStory chat that no other agent recorded. */
function paperBites(m: FixtureMachine): string {
  const project = m.project("code/PaperBites");
  m.write(
    "code/PaperBites/.specstory/history/2026-11-05_08-00-00Z-font.md",
    specStoryChat("p1", TURNS),
  );
  return project;
}

describe("recollect sync: where project histories are found", () => {
  it("finds SpecStory in the current folder and from inside its git repository; elsewhere says how to point at a project", async () => {
    const m = machine();
    const project = paperBites(m);
    mkdirSync(join(project, ".git"));
    const inside = m.project("code/PaperBites/src/ui");
    const db = stores.path();

    const elsewhere = await recollect(
      m,
      db,
      ["sync", "--dry-run", "--source", "specstory"],
      m.home,
    );
    const here = await recollect(m, db, ["sync", "--dry-run", "--source", "specstory"], project);
    const below = await recollect(m, db, ["sync", "--source", "specstory"], inside);

    expect([elsewhere.code, firstLine(elsewhere)]).toEqual([
      0,
      `specstory (SpecStory): nothing found (no project folders known yet: run sync inside it, pass --project DIR, or settings set sync.roots '["DIR"]')`,
    ]);
    expect([here.code, firstLine(here)]).toEqual([
      0,
      "specstory (SpecStory): 1 file in 1 project folder",
    ]);
    expect([below.code, firstLine(below)]).toEqual([
      0,
      "specstory (SpecStory): 1 file in 2 project folders",
    ]);
    const apps = await recollect(m, db, ["--json", "apps"], m.home);
    expect(JSON.parse(apps.stdout).map((app: { name: string }) => app.name)).toEqual([
      "PaperBites",
    ]);
  }, 90_000);

  it("sync.roots: a relative folder is refused; a root's projects are found from any folder", async () => {
    const m = machine();
    paperBites(m);
    const db = stores.path();

    const refused = await recollect(
      m,
      db,
      ["--json", "settings", "set", "sync.roots", '["code"]'],
      m.home,
    );
    const set = await recollect(
      m,
      db,
      ["settings", "set", "sync.roots", JSON.stringify([`${join(m.home, "code")}/`])],
      m.home,
    );
    const sync = await recollect(m, db, ["sync", "--dry-run", "--source", "specstory"], m.home);

    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stderr).error).toMatchObject({
      kind: "invalid_input",
      argument: "value",
    });
    expect([set.code, set.stdout]).toEqual([0, `sync.roots = ["${join(m.home, "code")}"]\n`]);
    // The root itself and the folder inside it.
    expect([sync.code, firstLine(sync)]).toEqual([
      0,
      "specstory (SpecStory): 1 file in 2 project folders",
    ]);
  }, 90_000);

  it("a Windows folder a Cline task recorded is kept as text, never resolved against the local folder", async () => {
    const m = machine();
    const task = join(
      m.home,
      applicationDataFolder(),
      "Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1767000000000",
    );
    mkdirSync(task, { recursive: true });
    writeFileSync(
      join(task, "ui_messages.json"),
      CLINE_TASK.replace("/home/dev/fernwood", "c:/Users/dev/fernwood"),
    );
    // What resolving `c:/Users/dev/fernwood` against the working folder would find.
    const cwd = m.project("work");
    m.write("work/c:/Users/dev/fernwood/.specstory/history/decoy.md", specStoryChat("d1", TURNS));
    const db = stores.path();

    const sync = await recollect(m, db, ["--json", "sync"], cwd);

    expect(sync.code).toBe(0);
    const report = JSON.parse(sync.stdout) as {
      projectRoots: string[];
      sources: { source: string; files: number; newChats: number }[];
    };
    expect(report.projectRoots).toEqual([cwd]);
    const counts = report.sources
      .filter((source) => ["cline", "specstory"].includes(source.source))
      .map((source) => [source.source, source.files, source.newChats]);
    expect(counts).toEqual([
      ["cline", 1, 1],
      ["specstory", 0, 0],
    ]);
    const apps = await recollect(m, db, ["--json", "apps"], cwd);
    expect(
      JSON.parse(apps.stdout).map((app: { name: string; roots: string[] }) => [
        app.name,
        app.roots,
      ]),
    ).toEqual([["fernwood", ["c:/Users/dev/fernwood"]]]);
  }, 90_000);
});
