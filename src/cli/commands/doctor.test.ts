/**
 * `recollect doctor` and `recollect mcp --doctor` (issue 29 § Build 4), real child processes: the
 * app a folder maps to and why, Pro, consent per tool, Engine, index and last sync, with an exit
 * code per first problem and nothing created where there is no store.
 */
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpTestStore, type McpTestStore } from "../../mcp/testing/mcp-store.js";
import { runRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 60_000;

let store: McpTestStore;
let project: string;
beforeAll(async () => {
  store = await createMcpTestStore();
  project = realpathSync(store.dir);
  mkdirSync(join(project, "shop", "src"), { recursive: true });
  mkdirSync(join(project, "shop", "backend"), { recursive: true });
  mkdirSync(join(project, "shop", ".git"), { recursive: true });
  await store.change(({ db }) => {
    db.prepare("UPDATE apps SET path = ? WHERE name = 'Acme Shop'").run(join(project, "shop"));
  });
});
afterAll(() => store.cleanup());

/** Runs `recollect --db <store> --json <args…>` in `cwd` and parses its answer. */
async function doctorJson(args: readonly string[], cwd: string, env: Record<string, string> = {}) {
  const run = await runRecollectChild(["--db", store.path, "--json", ...args], {
    cwd,
    env: { CLAUDE_PROJECT_DIR: "", RECOLLECT_ENGINE: "", ...env },
  });
  return { code: run.code, report: JSON.parse(run.stdout), stderr: run.stderr };
}

describe("recollect doctor", () => {
  it(
    "maps the working folder to its app, says why, and lists each problem with its command",
    async () => {
      store.writeSettings({});
      const off = await doctorJson(["doctor"], join(project, "shop", "src"));
      expect(off.code).toBe(4);
      // A read-only look leaves no WAL files beside the store.
      expect([existsSync(`${store.path}-wal`), existsSync(`${store.path}-shm`)]).toEqual([
        false,
        false,
      ]);
      expect(off.report.app).toMatchObject({
        name: "Acme Shop",
        project_path: join(project, "shop"),
        source: "cwd",
      });
      expect(off.report.folder.git_root).toBe(join(project, "shop"));
      expect(off.report.entitlement).toBe("free");
      expect(off.report.tools).toEqual([
        { name: "explore_chat_history", consent: "always", listed: false, asks: false },
        { name: "read_chat", consent: "ask", listed: false, asks: true },
      ]);
      expect(off.report.engine).toEqual({
        kind: "offline",
        model_id: expect.stringMatching(/^recollect-offline-/),
        error: null,
        sampling: "off",
      });
      expect(off.report.index).toMatchObject({ status: "ready", pending: 0 });
      expect(off.report.index.messages).toBeGreaterThan(0);
      expect(off.report.last_sync_at).toBeNull();
      expect(off.report.ok).toBe(false);
      expect(off.report.problems).toEqual([
        {
          kind: "precondition",
          topic: "pro",
          message: "Pro is off for this store, so the server lists no tools.",
          remedies: [
            {
              command: expect.stringMatching(/ --db \S+ settings set entitlement pro$/),
              purpose: "if you have Pro",
            },
          ],
        },
      ]);

      store.writeSettings({
        entitlement: "pro",
        consent: { read_chat: "always" },
        mcp: { sampling: "on" },
      });
      const ok = await doctorJson(["doctor", "--project", join(project, "shop")], "/");
      expect(ok.code).toBe(0);
      expect(ok.report.app.source).toBe("root");
      expect(ok.report.folder).toEqual({
        path: join(project, "shop"),
        git_root: join(project, "shop"),
      });
      expect(ok.report.engine.sampling).toBe("on");
      expect(ok.report.problems).toEqual([]);
      expect(ok.report.ok).toBe(true);
      expect(ok.report.tools.map((tool: { listed: boolean }) => tool.listed)).toEqual([true, true]);

      store.writeSettings({ entitlement: "pro", consent: { read_chat: "never" } });
      const never = await doctorJson(["mcp", "--doctor"], join(project, "shop"));
      expect(never.code).toBe(6);
      expect(never.report.problems.map((problem: { topic: string }) => problem.topic)).toEqual([
        "consent.read_chat",
      ]);
    },
    PROCESS_TEST_MS,
  );

  it(
    "names no app for a folder outside every recorded project, but the apps recorded inside it",
    async () => {
      store.writeSettings({ entitlement: "pro" });
      const outside = await doctorJson(["doctor"], project);
      expect(outside.code).toBe(4);
      expect(outside.report.app).toBeNull();
      expect(outside.report.apps_inside).toEqual(["Acme Shop"]);
      expect(outside.report.problems[0]).toMatchObject({ kind: "precondition", topic: "app" });
      expect(outside.report.problems[0].message).toContain(project);
      expect(outside.report.problems[0].message).not.toContain("Globex");

      const named = await doctorJson(["doctor", "--app", "acme shop"], "/");
      expect(named.report.app).toMatchObject({ name: "Acme Shop", source: "app_option" });

      const unknown = await doctorJson(["doctor", "--app", "nosuch"], "/");
      expect(unknown.code).toBe(3);
      expect(unknown.report.problems[0]).toMatchObject({ kind: "not_found", topic: "app" });
    },
    PROCESS_TEST_MS,
  );

  it(
    "refuses a --project that is no folder, naming it (exit 2), before opening the store",
    async () => {
      const missing = join(project, "no-such-folder");
      const gone = await runRecollectChild(["--db", store.path, "doctor", "--project", missing], {
        cwd: project,
      });
      expect(gone.code).toBe(2);
      expect(gone.stderr).toContain("--project");
      expect(gone.stderr).toContain(missing);
      const file = await runRecollectChild(
        ["--db", store.path, "doctor", "--project", store.path],
        { cwd: project },
      );
      expect(file.code).toBe(2);
      expect(file.stderr).toContain("--project");
      expect(existsSync(missing)).toBe(false);
    },
    PROCESS_TEST_MS,
  );

  it(
    "reports an Engine that is not configured, and exits 3 without creating a missing store",
    async () => {
      store.writeSettings({ entitlement: "pro", consent: { read_chat: "always" } });
      const engine = await doctorJson(["doctor"], join(project, "shop"), {
        RECOLLECT_ENGINE: "openai-compatible",
        RECOLLECT_ENGINE_BASE_URL: "",
      });
      expect(engine.code).toBe(4);
      expect(engine.report.engine).toMatchObject({ kind: "openai-compatible", model_id: null });
      expect(engine.report.problems).toEqual([
        expect.objectContaining({ kind: "precondition", topic: "engine" }),
      ]);

      const missing = join(store.dir, "none", "recollect.db");
      const run = await runRecollectChild(["--db", missing, "doctor"], { cwd: project });
      expect(run.code).toBe(3);
      expect(run.stdout).toContain(`store: No Recollect store at ${missing}`);
      expect(existsSync(join(store.dir, "none"))).toBe(false);
    },
    PROCESS_TEST_MS,
  );
});
