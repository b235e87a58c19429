import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

const stores = createTempStores();
let db = "";
/** Runs `recollect --db <this test's store> …args`. */
const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);

const line = (role: string, content: string, at: number) =>
  JSON.stringify({ app: "billing", chat: "c1", role, content, created_at: at });

beforeEach(async () => {
  db = stores.path();
  expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
});
afterEach(() => stores.cleanup());

describe("<private> spans through import, search and read", () => {
  it("are neither searchable nor read back, in any case, with attributes or unclosed", async () => {
    const file = join(dirname(db), "billing.jsonl");
    writeFileSync(
      file,
      [
        line(
          "user",
          "Which processor? <private>Our margin is 12 percent.</private> Keep it cheap.",
          1,
        ),
        line(
          "assistant",
          'Use Stripe. <PRIVATE reason="x">Ask Dana about the kickback.</Private>',
          2,
        ),
        line("user", "Agreed on Stripe. <private>the zebra password is in the vault", 3),
      ].join("\n"),
    );
    expect((await recollect(["import", file])).code).toBe(0);

    for (const word of ["margin", "kickback", "zebra"]) {
      const search = await recollect(["--json", "search", "--app", "billing", word]);
      expect([word, search.code, JSON.parse(search.stdout).chats]).toEqual([word, 0, []]);
    }
    const found = await recollect(["--json", "search", "--app", "billing", "Stripe"]);
    expect(JSON.parse(found.stdout).chats).toHaveLength(1);

    const read = await recollect(["--json", "read", "--app", "billing", "--chat", "1"]);
    const contents = (JSON.parse(read.stdout) as { messages: { content: string }[] }).messages.map(
      (message) => message.content,
    );
    expect(contents).toEqual([
      "Which processor? Keep it cheap.",
      "Use Stripe.",
      "Agreed on Stripe.",
    ]);
  });
});
