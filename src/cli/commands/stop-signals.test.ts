/**
 * Every long-running command, as a real child process, stopped by SIGINT or SIGTERM once it is
 * ready: it closes what it opened, prints the one stop line on stderr and ends with 128 + the
 * signal's number (130, 143), and the store it had open is intact. A signal while the commands
 * are still loading ends any command the same way, and so does one while a short command (apps,
 * chats, import, index rebuild) has its store open: it closes the store first, leaving no
 * `-wal`/`-shm` beside it. A signal that comes once a command has written its whole answer is no
 * stop: the run ends with the command's own code.
 */
import type { ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../../demo/index.js";
import { HANDSHAKE, spawnRawMcp, toolCall } from "../../mcp/testing/spawn-raw-mcp.js";
import { settingsStoreForStorePath } from "../../settings/index.js";
import { openStore } from "../../store/open-store.js";
import { startScriptedOpenAIServer } from "../../test/scripted-openai-server.js";
import { STOP_SIGNAL_EXIT_CODES, type StopSignal } from "../exit-codes.js";
import { createTempStores } from "./testing/run-captured.js";
import { type RunningChild, startRecollectChild } from "./testing/run-child.js";

const PROCESS_TEST_MS = 60_000;
/** Runs of a mid-run stop tried before it counts as never stopping (see its test). */
const STOP_ATTEMPTS = 4;
const CURATED_SUITE = fileURLToPath(new URL("../../../eval/suites/curated.json", import.meta.url));
const stores = createTempStores();
let db = "";
/** The demo store's row counts before any command ran on it. */
let rowsBefore: readonly number[] = [];
const children: ChildProcess[] = [];

/** apps, chats and messages in the store at `path`, after an integrity check. */
function storeRows(path: string): number[] {
  using store = openStore({ path });
  expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
  return ["apps", "chats", "messages"].map(
    (table) => store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number,
  );
}

beforeAll(() => {
  db = stores.path();
  {
    using store = openStore({ path: db });
    seedDemoHistory(store);
  }
  settingsStoreForStorePath(db).update(() => ({ entitlement: "pro" }));
  rowsBefore = storeRows(db);
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => stores.cleanup());

/** `recollect --db <the demo store> <args…>`, running, with `env` added. */
function start(args: readonly string[], env: Record<string, string> = {}): RunningChild {
  const running = startRecollectChild(["--db", db, ...args], { env });
  children.push(running.child);
  return running;
}

/** What {@link expectStopped} needs of a running child (a CLI child or a raw MCP server). */
type Stoppable = Pick<RunningChild, "child" | "stderr" | "exited">;

/**
 * Sends `signal` and expects the exit code of `stoppedBy` (the first signal the run received;
 * default `signal`), the stop line last on stderr and the store intact.
 */
async function expectStopped(
  run: Stoppable,
  signal: StopSignal,
  stoppedBy: StopSignal = signal,
): Promise<void> {
  run.child.kill(signal);
  expect(await run.exited).toEqual({ code: STOP_SIGNAL_EXIT_CODES[stoppedBy], signal: null });
  expect(run.stderr().endsWith(`recollect: Stopped by ${stoppedBy}.\n`)).toBe(true);
  expect(storeRows(db)).toEqual(rowsBefore);
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
/**
 * CPU time a child has used when it is stopped "while loading": past Node's start (~0.1 s of CPU,
 * after which bin/recollect.js keeps a stop signal at once) and far short of loading the commands
 * (~3 s of CPU on the dev machine).
 */
const WHILE_LOADING_CPU_SECONDS = 0.25;

/**
 * Resolves once the child has used {@link WHILE_LOADING_CPU_SECONDS} of CPU (utime + stime of
 * /proc/<pid>/stat). CPU time, unlike a wall-clock delay, does not stretch on a loaded machine:
 * a fixed 400 ms once came before Node had even started, and the signal's default action killed
 * the child. Where there is no /proc, waits 400 ms instead.
 */
async function untilLoading(child: ChildProcess): Promise<void> {
  if (!existsSync("/proc/self/stat")) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return;
  }
  const stat = `/proc/${child.pid}/stat`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    // Fields after the command name's closing parenthesis: state is field 3, utime 14, stime 15.
    const fields = existsSync(stat) ? readFileSync(stat, "utf8").split(") ")[1]?.split(" ") : [];
    const ticks = Number(fields?.[11] ?? 0) + Number(fields?.[12] ?? 0);
    if (ticks >= WHILE_LOADING_CPU_SECONDS * TICKS_PER_SECOND) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("the child used no CPU for a minute");
}

describe("a signal while the commands are still loading", () => {
  it.each([
    ["SIGINT", ["apps"]],
    ["SIGTERM", ["mcp", "--app", "Tasktide"]],
  ] as const)(
    "%s prints the stop line and exits with the signal's code (%s)",
    async (signal, args) => {
      const run = start(args);
      await untilLoading(run.child);
      await expectStopped(run, signal);
      expect([run.stdout(), run.stderr()]).toEqual(["", `recollect: Stopped by ${signal}.\n`]);
    },
    PROCESS_TEST_MS,
  );

  it(
    "under --json, the stop is the classified error object",
    async () => {
      const run = start(["--json", "apps"]);
      await untilLoading(run.child);
      run.child.kill("SIGINT");
      expect(await run.exited).toEqual({ code: 130, signal: null });
      expect(JSON.parse(run.stderr())).toEqual({
        error: { kind: "aborted", message: "Stopped by SIGINT.", exit_code: 130, signal: "SIGINT" },
      });
    },
    PROCESS_TEST_MS,
  );
});

describe("a signal stops every long-running command with 128 + its number", () => {
  it.each(["SIGINT", "SIGTERM"] as const)(
    "serve, once it listens, closes and exits on %s",
    async (signal) => {
      const run = start(["serve", "--port", "0", "--no-build"]);
      await expect.poll(run.stdout, { timeout: 30_000 }).toContain("Press Ctrl+C to stop.");
      await expectStopped(run, signal);
      expect(run.stderr()).toBe(`recollect: Stopped by ${signal}.\n`);
    },
    PROCESS_TEST_MS,
  );

  it(
    "serve --json writes the stop as a classified error object",
    async () => {
      const run = start(["--json", "serve", "--port", "0", "--no-build"]);
      await expect.poll(run.stdout, { timeout: 30_000 }).toContain('"url"');
      run.child.kill("SIGTERM");
      expect(await run.exited).toEqual({ code: 143, signal: null });
      expect(storeRows(db)).toEqual(rowsBefore);
      expect(JSON.parse(run.stderr())).toEqual({
        error: {
          kind: "aborted",
          message: "Stopped by SIGTERM.",
          exit_code: 143,
          signal: "SIGTERM",
        },
      });
    },
    PROCESS_TEST_MS,
  );

  it(
    "explore on the offline engine stops on SIGINT at its first progress line, printing no report",
    async () => {
      // The whole offline run takes ~0.1 s of CPU, so on a loaded machine the signal sent at the
      // first progress line can arrive after the report: that run is no stop (the command's own
      // code, the whole report) and is tried again. A run that never yields to the event loop
      // between steps (the defect this guards: the report came out, then the stop line) never
      // stops, and the test fails after the last attempt.
      for (let attempt = 1; attempt <= STOP_ATTEMPTS; attempt += 1) {
        const run = start([
          "explore",
          "What did we decide about authentication?",
          "--app",
          "Tasktide",
        ]);
        const progressed = new Promise<void>((resolve) => {
          run.child.stderr?.on("data", (chunk: Buffer | string) => {
            if (String(chunk).includes("· ")) resolve();
          });
        });
        await progressed;
        run.child.kill("SIGINT");
        const exited = await run.exited;
        expect(storeRows(db)).toEqual(rowsBefore);
        if (exited.code === 0) {
          expect(run.stdout()).toContain("Findings:");
          expect(run.stderr()).not.toContain("Stopped by");
          continue;
        }
        expect(exited).toEqual({ code: STOP_SIGNAL_EXIT_CODES.SIGINT, signal: null });
        expect(run.stderr().endsWith("recollect: Stopped by SIGINT.\n")).toBe(true);
        expect(run.stdout()).toBe("");
        return;
      }
      throw new Error(`explore was never stopped mid-run in ${STOP_ATTEMPTS} attempts`);
    },
    PROCESS_TEST_MS * STOP_ATTEMPTS,
  );

  it.each(["SIGINT", "SIGTERM"] as const)(
    "explore waiting on its Engine (no progress line yet) stops on %s",
    async (signal) => {
      await using model = await startScriptedOpenAIServer({ script: [{ type: "hang" }] });
      const run = start(
        ["explore", "why SQLite?", "--app", "Tasktide", "--engine", "openai-compatible"],
        {
          RECOLLECT_ENGINE_BASE_URL: model.baseUrl,
          RECOLLECT_ENGINE_MODEL: "scripted",
        },
      );
      await expect.poll(() => model.requests.length, { timeout: 30_000 }).toBe(1);
      await expectStopped(run, signal);
      expect(run.stdout()).toBe("");
      // The stream to the Engine is cancelled, not left open behind the exit.
      await expect.poll(() => model.requests[0]?.clientClosed, { timeout: 10_000 }).toBe(true);
    },
    PROCESS_TEST_MS,
  );

  it(
    "eval stops on SIGINT during a question and removes its temporary store",
    async () => {
      await using model = await startScriptedOpenAIServer({ script: [{ type: "hang" }] });
      const tmp = mkdtempSync(join(tmpdir(), "recollect-eval-tmp-"));
      try {
        const run = start(["eval", "--suite", CURATED_SUITE, "--engine", "openai-compatible"], {
          RECOLLECT_ENGINE_BASE_URL: model.baseUrl,
          RECOLLECT_ENGINE_MODEL: "scripted",
          TMPDIR: tmp,
        });
        await expect.poll(() => model.requests.length, { timeout: 30_000 }).toBe(1);
        // tsx keeps its own cache folder there; the run's store is the other one.
        const evalDirs = () =>
          readdirSync(tmp).filter((name) => name.startsWith("recollect-eval-"));
        expect(evalDirs()).toHaveLength(1);
        await expectStopped(run, "SIGINT");
        expect(evalDirs()).toEqual([]);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "mcp stops on SIGTERM after the handshake",
    async () => {
      await using server = spawnRawMcp(db, ["--app", "Tasktide"]);
      server.send(...HANDSHAKE);
      await expect.poll(() => server.response(1), { timeout: 30_000 }).toBeDefined();
      await expectStopped(server, "SIGTERM");
    },
    PROCESS_TEST_MS,
  );

  it(
    "chat at its prompt stops on SIGTERM (the line editor's Ctrl-C only cancels a turn)",
    async () => {
      const run = start(["chat", "--app", "Tasktide"]);
      await expect.poll(run.stdout, { timeout: 30_000 }).toContain("you> ");
      await expectStopped(run, "SIGTERM");
    },
    PROCESS_TEST_MS,
  );

  it(
    "a second signal ends a command at once, with the first signal's code",
    async () => {
      await using model = await startScriptedOpenAIServer({ script: [{ type: "hang" }] });
      await using run = spawnRawMcp(db, ["--app", "Tasktide", "--engine", "openai-compatible"], {
        RECOLLECT_ENGINE_BASE_URL: model.baseUrl,
        RECOLLECT_ENGINE_MODEL: "scripted",
      });
      run.send(...HANDSHAKE, toolCall(2, "explore_chat_history", { query: "why SQLite?" }));
      await expect.poll(() => model.requests.length, { timeout: 30_000 }).toBe(1);
      // The first signal drains: the running call would be waited for (up to 30 s).
      run.child.kill("SIGINT");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(run.child.exitCode).toBeNull();
      await expectStopped(run, "SIGTERM", "SIGINT");
    },
    PROCESS_TEST_MS,
  );
});

describe("a signal after a command's whole answer is written is no stop", () => {
  it.each([
    [["explore", "What did we decide about authentication?", "--app", "Tasktide"], "Outcome: "],
    [["--json", "search", "--app", "Tasktide", "authentication"], '"chats"'],
    [["read", "--app", "Tasktide", "--chat", "1"], ""],
    [["apps"], "Tasktide"],
    [["--json", "chats", "--app", "Tasktide"], '"title"'],
    [["index", "status"], ""],
  ] as const)(
    "SIGINT as soon as `%s` has printed its answer: exit 0, the answer whole, no stop line",
    async (args, expected) => {
      const run = start(args);
      let sent = false;
      run.child.stdout?.on("data", () => {
        if (sent) return;
        sent = true;
        run.child.kill("SIGINT");
      });
      const exited = await run.exited;
      expect([sent, exited, run.stderr()]).toEqual([
        true,
        { code: 0, signal: null },
        expect.not.stringContaining("Stopped by"),
      ]);
      expect(run.stdout()).toContain(expected);
      if (args[0] === "--json") expect(() => JSON.parse(run.stdout())).not.toThrow();
      expect([existsSync(`${db}-wal`), existsSync(`${db}-shm`)]).toEqual([false, false]);
      expect(storeRows(db)).toEqual(rowsBefore);
    },
    PROCESS_TEST_MS,
  );
});

/** SIGINT's bit in /proc's `SigCgt` mask (signal 2 is bit 1). */
const SIGINT_CAUGHT_BIT = 1n << 1n;

/**
 * Whether live process `pid` catches SIGINT, from Linux's /proc (`SigCgt`); null once it is gone
 * or a zombie (exited, not yet reaped).
 */
function catchesSigint(pid: number): boolean | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const state = /^State:\s+(\S)/m.exec(status)?.[1];
  const caught = /^SigCgt:\s+([0-9a-f]+)/m.exec(status)?.[1];
  if (state === undefined || state === "Z" || caught === undefined) return null;
  return (BigInt(`0x${caught}`) & SIGINT_CAUGHT_BIT) !== 0n;
}

describe.skipIf(process.platform !== "linux")(
  "after its answer, a command catches SIGINT until the process is gone (Linux: seen in /proc)",
  () => {
    it(
      "`apps` never falls back to SIGINT's default action (death) while it exits: a SIGINT then is no stop",
      async () => {
        for (let round = 0; round < 2; round++) {
          const run = start(["apps"]);
          let outcome = "";
          run.child.stdout?.once("data", () => {
            const pid = run.child.pid ?? 0;
            // A tight synchronous watch: the window in which Node has put SIGINT's default action
            // back lasts a few milliseconds of the process's exit. A signal then would kill it.
            for (;;) {
              const caught = catchesSigint(pid);
              if (caught === null) {
                outcome = "caught to the end";
                return;
              }
              if (!caught) {
                process.kill(pid, "SIGINT");
                outcome = "default action restored";
                return;
              }
            }
          });
          const exited = await run.exited;
          expect([outcome, exited, run.stderr()]).toEqual([
            "caught to the end",
            { code: 0, signal: null },
            "",
          ]);
          expect(run.stdout()).toContain("Tasktide");
        }
      },
      PROCESS_TEST_MS,
    );
  },
);

/** True when process `pid` has `path` (a real path) open: Linux's /proc shows its descriptors. */
function hasFileOpen(pid: number, path: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/**
 * Holds the store at `path` locked from this process until `release()`: `"write"` takes the write
 * lock (another process's write waits inside SQLite), `"exclusive"` also keeps readers out.
 */
function lockStore(path: string, mode: "write" | "exclusive"): { release(): void } {
  const db = new Database(path);
  if (mode === "exclusive") db.pragma("locking_mode = EXCLUSIVE");
  db.exec("BEGIN IMMEDIATE");
  db.exec("UPDATE apps SET name = name");
  return {
    release() {
      db.exec("COMMIT");
      db.close();
    },
  };
}

describe.skipIf(process.platform !== "linux")(
  "a signal while a command holds its store open (Linux: the open store is seen in /proc)",
  () => {
    /** `count` JSONL histories of one chat each (40 messages), for an import into a store of its own. */
    function jsonlHistories(count: number): string[] {
      return Array.from({ length: count }, (_, fileIndex) => {
        const file = join(dirname(stores.path()), `history-${fileIndex + 1}.jsonl`);
        const lines = Array.from({ length: 40 }, (_, index) =>
          JSON.stringify({
            app: "Signals",
            chat: `chat-${fileIndex + 1}`,
            role: index % 2 === 0 ? "user" : "assistant",
            content: `message ${index} about the sqlite store`,
            created_at: "2025-01-01T00:00:00Z",
          }),
        );
        writeFileSync(file, `${lines.join("\n")}\n`);
        return file;
      });
    }

    it.each([
      ["SIGINT", ["apps"], "exclusive"],
      ["SIGTERM", ["chats", "--app", "Tasktide"], "exclusive"],
      ["SIGINT", ["--json", "sources"], "exclusive"],
      ["SIGTERM", ["index", "rebuild"], "write"],
    ] as const)(
      "%s during `%s` (waiting on a locked store) ends it with the stop line, no -wal/-shm left",
      async (signal, args, mode) => {
        const lock = lockStore(db, mode);
        let locked = true;
        try {
          const run = start(args);
          const opened = realpathSync(db);
          await expect
            .poll(() => run.child.pid !== undefined && hasFileOpen(run.child.pid, opened), {
              timeout: 30_000,
            })
            .toBe(true);
          run.child.kill(signal);
          await new Promise((resolve) => setTimeout(resolve, 200));
          lock.release();
          locked = false;
          expect(await run.exited).toEqual({ code: STOP_SIGNAL_EXIT_CODES[signal], signal: null });
          const stderr = run.stderr();
          if (args[0] === "--json") {
            expect(JSON.parse(stderr)).toMatchObject({
              error: { kind: "aborted", signal, exit_code: STOP_SIGNAL_EXIT_CODES[signal] },
            });
          } else expect(stderr).toBe(`recollect: Stopped by ${signal}.\n`);
          expect([existsSync(`${db}-wal`), existsSync(`${db}-shm`)]).toEqual([false, false]);
          expect(storeRows(db)).toEqual(rowsBefore);
        } finally {
          if (locked) lock.release();
        }
      },
      PROCESS_TEST_MS,
    );

    it.each([false, true])(
      "SIGINT during a 3-file import's first write stops after that file, printing what it imported before the stop line (--json %s)",
      async (json) => {
        const target = stores.path();
        {
          using store = openStore({ path: target });
          seedDemoHistory(store);
        }
        const [first, ...rest] = jsonlHistories(3);
        const lock = lockStore(target, "write");
        let locked = true;
        try {
          const run = startRecollectChild([
            "--db",
            target,
            ...(json ? ["--json"] : []),
            "import",
            first!,
            ...rest,
          ]);
          children.push(run.child);
          const opened = realpathSync(target);
          await expect
            .poll(() => run.child.pid !== undefined && hasFileOpen(run.child.pid, opened), {
              timeout: 30_000,
            })
            .toBe(true);
          // Let the child reach the first file's write, which waits on the lock.
          await new Promise((resolve) => setTimeout(resolve, 300));
          run.child.kill("SIGINT");
          await new Promise((resolve) => setTimeout(resolve, 200));
          lock.release();
          locked = false;
          expect(await run.exited).toEqual({ code: 130, signal: null });
          if (json) {
            expect(JSON.parse(run.stderr())).toMatchObject({
              error: { kind: "aborted", signal: "SIGINT", exit_code: 130 },
            });
            const report = JSON.parse(run.stdout());
            expect([
              report.files.map((file: { file: string }) => file.file),
              report.totals,
              report.files_not_imported,
              report.indexed,
            ]).toEqual([
              [first],
              { files: 1, chats: 1, updated: 0, messages: 40, skipped: 0, messages_removed: 0 },
              2,
              null,
            ]);
          } else {
            expect(run.stderr()).toBe("recollect: Stopped by SIGINT.\n");
            const lines = run.stdout().split("\n");
            expect(lines[0]?.endsWith(`  ${first}`)).toBe(true);
            expect(lines.slice(-3)).toEqual([
              "stopped    2 files not imported",
              "indexing stopped: what is still queued is indexed by the next import, sync, search or index rebuild",
              "",
            ]);
          }
          expect([existsSync(`${target}-wal`), existsSync(`${target}-shm`)]).toEqual([
            false,
            false,
          ]);
          // The first file's one transaction was committed before the signal was heard; the
          // files after it were never read.
          const [apps, chats, messages] = storeRows(target);
          expect([apps, chats, messages]).toEqual([
            (rowsBefore[0] ?? 0) + 1,
            (rowsBefore[1] ?? 0) + 1,
            (rowsBefore[2] ?? 0) + 40,
          ]);
        } finally {
          if (locked) lock.release();
        }
      },
      PROCESS_TEST_MS,
    );
  },
);
