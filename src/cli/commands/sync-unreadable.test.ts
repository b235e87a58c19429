/**
 * `recollect sync`, `sync --dry-run` and `sources` on a home where something cannot be read, as
 * real child processes meeting real permissions (`without-file-overrides.ts`): an unreadable
 * session file, an agent folder that cannot be stat-ed and a projects folder that cannot be listed
 * are each one `skipped` line with its reason, every other source is synced, and the run exits
 * with the "done with skips" code.
 */
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect } from "vitest";
import {
  claudeSession,
  codexRollout,
  type FixtureMachine,
  fixtureMachinesPerTest,
} from "../../sync/testing/machine-fixture.js";
import { SKIPPED_EXIT_CODE } from "../exit-codes.js";
import { createTempStores } from "./testing/run-captured.js";
import { type ChildRun, runRecollectChild, startRecollectChild } from "./testing/run-child.js";
import {
  PERMISSION_RUNNER,
  permissionIt,
  requirePermissionRunner,
} from "./testing/without-file-overrides.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());
const machine = fixtureMachinesPerTest();
/** Paths a test locked, given back first (hooks run last-registered first), so any user can remove them. */
const locked: string[] = [];
afterEach(() => {
  for (const path of locked.splice(0)) chmodSync(path, 0o755);
});
const { childIt, blocked } = permissionIt("sync on unreadable files and folders");

const TURNS = [
  { role: "user", text: "Which queue?" },
  { role: "assistant", text: "SQS." },
] as const;

/** `recollect --db <db> <args…>` as a child whose HOME is `m`'s, without permission overrides. */
function recollect(m: FixtureMachine, db: string, args: readonly string[]): Promise<ChildRun> {
  return runRecollectChild(["--db", db, ...args], {
    env: { HOME: m.home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "", XDG_DATA_HOME: "" },
    runner: PERMISSION_RUNNER,
  });
}

/** Takes every permission away from `path` (given back after the test). */
function lock(path: string): void {
  chmodSync(path, 0o000);
  locked.push(path);
}

/** A home with one Claude Code session of project `shop` and one Codex rollout of `blog`. */
function twoAgents(m: FixtureMachine): { claude: string; codex: string } {
  const shop = m.project("code/shop");
  const blog = m.project("code/blog");
  return {
    claude: m.write(".claude/projects/-code-shop/s1.jsonl", claudeSession("s1", shop, TURNS)),
    codex: m.write(
      ".codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-c1.jsonl",
      codexRollout("c1", blog, TURNS),
    ),
  };
}

/** The lines of `run`'s stdout block for `source` (its heading and indented lines). */
function block(run: ChildRun, source: string): string[] {
  const lines = run.stdout.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`${source} (`));
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => !line.startsWith("  "));
  return [lines[start]!, ...rest.slice(0, end)];
}

describe("recollect sync on what cannot be read", () => {
  childIt(
    "an unreadable session file is a skipped line in sync, --dry-run and sources; the other agent syncs; exit 12",
    async () => {
      requirePermissionRunner(blocked);
      const m = machine();
      const { codex } = twoAgents(m);
      lock(codex);
      const db = stores.path();

      const dry = await recollect(m, db, ["sync", "--dry-run"]);
      const sync = await recollect(m, db, ["sync"]);
      const again = await recollect(m, db, ["sync"]);
      const sources = await recollect(m, db, ["sources"]);

      const skippedLine = `  skipped ${codex}: cannot read the file (EACCES)`;
      for (const run of [dry, sync, again]) {
        expect([run.code, run.stderr]).toEqual([SKIPPED_EXIT_CODE, ""]);
        expect(block(run, "codex")).toContain(skippedLine);
      }
      expect(block(sync, "claude-code").slice(1, 3)).toEqual([
        "  files: 1 new, 0 appended, 0 rewritten, 0 unchanged",
        "  chats: 1 new, 0 updated, 0 unchanged; wrote 2 messages",
      ]);
      expect([sources.code, sources.stderr]).toEqual([0, ""]);
      expect(block(sources, "codex")).toContain(skippedLine);

      // Readable again (a chmod keeps the mtime): the next pass reads it, exit 0.
      chmodSync(codex, 0o644);
      const readable = await recollect(m, db, ["sync"]);
      expect(readable.code).toBe(0);
      expect(block(readable, "codex")[2]).toBe(
        "  chats: 1 new, 0 updated, 0 unchanged; wrote 2 messages",
      );
    },
    90_000,
  );

  childIt(
    "an agent folder that cannot be stat-ed and a projects folder that cannot be listed are skipped folder lines; Codex still syncs",
    async () => {
      requirePermissionRunner(blocked);
      const m = machine();
      twoAgents(m);
      const db = stores.path();
      const projects = join(m.home, ".claude", "projects");

      lock(join(m.home, ".claude"));
      const unstatable = await recollect(m, db, ["sync"]);
      const dry = await recollect(m, db, ["sync", "--dry-run"]);
      const sources = await recollect(m, db, ["sources"]);
      chmodSync(join(m.home, ".claude"), 0o755);
      lock(projects);
      const unlistable = await recollect(m, db, ["sync"]);

      for (const run of [unstatable, dry]) {
        expect([run.code, run.stderr]).toEqual([SKIPPED_EXIT_CODE, ""]);
        expect(block(run, "claude-code")).toEqual([
          `claude-code (Claude Code): nothing found in ${projects}`,
          `  skipped folder ${projects}: cannot read the folder (EACCES)`,
        ]);
      }
      expect(block(unstatable, "codex")[2]).toBe(
        "  chats: 1 new, 0 updated, 0 unchanged; wrote 2 messages",
      );
      expect([sources.code, sources.stderr]).toEqual([0, ""]);
      expect(block(sources, "claude-code")).toContain(
        `  skipped folder ${projects}: cannot read the folder (EACCES)`,
      );
      expect([unlistable.code, unlistable.stderr]).toEqual([SKIPPED_EXIT_CODE, ""]);
      expect(block(unlistable, "claude-code")).toEqual([
        `claude-code (Claude Code): nothing found in ${projects}`,
        `  skipped folder ${projects}: cannot list the folder (EACCES)`,
      ]);
    },
    90_000,
  );

  childIt(
    "sync --watch on a folder it cannot list reports the skipped folder, not a failed sync",
    async () => {
      requirePermissionRunner(blocked);
      const m = machine();
      twoAgents(m);
      const projects = join(m.home, ".claude", "projects");
      lock(projects);
      const running = startRecollectChild(
        ["--db", stores.path(), "sync", "--watch", "--source", "claude-code"],
        { env: { HOME: m.home, CLAUDE_CONFIG_DIR: "" }, runner: PERMISSION_RUNNER },
      );
      const deadline = Date.now() + 30_000;
      while (!running.stderr().includes("watching for changes") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      running.child.kill("SIGINT");
      const { code } = await running.exited;
      expect(running.stdout()).toContain(
        `  skipped folder ${projects}: cannot list the folder (EACCES)`,
      );
      expect([code, running.stderr()]).toEqual([
        130,
        "watching for changes (Ctrl-C stops)\nrecollect: Stopped by SIGINT.\n",
      ]);
    },
    90_000,
  );
});
