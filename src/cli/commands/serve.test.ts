import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seedHistory } from "../../server/testing/seed-history.js";
import { openStore } from "../../store/open-store.js";
import { commandLine } from "../../text/command-line.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { runServe } from "./serve.js";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function seededStorePath(): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-serve-"));
  dirs.push(dir);
  const path = join(dir, "recollect.db");
  using store = openStore({ path });
  seedHistory(store);
  return path;
}

describe("recollect serve", () => {
  it("serves the API on 127.0.0.1, opens the named app, and stops cleanly", async () => {
    const db = seededStorePath();
    let stdout = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    });
    let stderr = "";
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    });
    let stop = () => undefined as unknown;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const run = runServe(
      { db, json: true },
      { port: "0", app: "Acme Shop", build: false },
      stopped,
    );
    await vi.waitFor(() => expect(stdout).toContain('"url"'), { timeout: 10_000 });
    const printed = JSON.parse(stdout) as { url: string; port: number };
    expect(printed.url).toBe(`http://127.0.0.1:${printed.port}/#/chat/1`);
    const apps = await fetch(`http://127.0.0.1:${printed.port}/api/apps`);
    expect(await apps.json()).toEqual({
      apps: [
        { id: 1, name: "Acme Shop", chatCount: 4 },
        { id: 2, name: "Side Project", chatCount: 1 },
      ],
      // --app: the root URL opens that app, not the first.
      defaultAppId: 1,
      // The web app's "no apps yet" commands, as the CLI writes its remedies: this --db.
      fillCommands: {
        import: commandLine([
          ...recollectInvocation(process.env),
          "--db",
          db,
          "import",
          "<paths…>",
        ]),
        sync: commandLine([...recollectInvocation(process.env), "--db", db, "sync"]),
      },
      storeWritable: true,
      historyStore: "local",
    });
    // A writable store: no read-only notice at start-up.
    expect(stderr).toBe("");
    const page = await fetch(`http://127.0.0.1:${printed.port}/`);
    expect(page.status).toBe(404); // --no-build: API only
    stop();
    await run;
    await expect(fetch(`http://127.0.0.1:${printed.port}/api/apps`)).rejects.toThrow();
  });

  it("names a bad port or an unknown app", async () => {
    const db = seededStorePath();
    const never = new Promise<void>(() => undefined);
    await expect(runServe({ db }, { port: "http", build: false }, never)).rejects.toThrow(
      'Invalid --port: expected an integer from 0 to 65535 (got "http").',
    );
    await expect(runServe({ db }, { port: "0", app: "Nope", build: false }, never)).rejects.toThrow(
      'App "Nope" was not found.',
    );
  });
});
