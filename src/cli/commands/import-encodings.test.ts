import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import iconv from "iconv-lite";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** An aider history in Windows-1252 (as an editor on a Western-European Windows saves it). */
const LATIN1_AIDER = [
  "# aider chat started at 2026-03-01 10:00:00",
  "",
  "#### Où mettre le café du menu — en tête ?",
  "",
  "Mettez « café crème » en tête : c'est 2 € de plus.",
  "",
].join("\n");

describe("recollect import of non-UTF-8 text", () => {
  it("reads a Windows-1252 file with its accents, says so, and finds it by an accented word", async () => {
    const db = stores.path();
    const file = join(dirname(db), ".aider.chat.history.md");
    writeFileSync(file, iconv.encode(LATIN1_AIDER, "windows-1252"));
    const run = await runCaptured(["--db", db, "--json", "import", "--app", "menu", file]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { files: { format: string; encoding: string }[] };
    expect(report.files.map(({ format, encoding }) => [format, encoding])).toEqual([
      ["aider", "windows-1252"],
    ]);
    expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
    const search = await runCaptured(["--db", db, "--json", "search", "--app", "menu", "crème"]);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain("« café crème » en tête : c'est 2 € de plus.");
    expect(search.stdout).not.toContain("\uFFFD");
  });

  it("recognizes a UTF-16 LE file by its byte-order mark and prints the encoding it assumed", async () => {
    const db = stores.path();
    const file = join(dirname(db), "export.jsonl");
    const line = JSON.stringify({
      app: "lab",
      chat: "c1",
      role: "user",
      content: "Größe der Tabelle?",
      created_at: "2026-03-01T10:00:00Z",
    });
    writeFileSync(
      file,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${line}\n`, "utf16le")]),
    );
    const run = await runCaptured(["--db", db, "import", file]);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(
      `jsonl       1 new chat, 0 updated, 1 message, 0 unchanged  ${file} (read as utf-16le)`,
    );
  });

  it("rejects a file whose bytes break the encoding its byte-order mark announces, writing nothing", async () => {
    const db = stores.path();
    const file = join(dirname(db), "export.jsonl");
    writeFileSync(file, Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0xe9, 0x7d, 0x0a]));
    const run = await runCaptured(["--db", db, "import", file]);
    expect(run.code).toBe(8);
    using store = openStore({ path: db });
    expect(store.db.prepare("SELECT count(*) FROM messages").pluck().get()).toBe(0);
    expect(run.stderr).toBe(
      `recollect: ${file}: not valid utf-8-bom text after its byte-order mark\n`,
    );
  });
});
