/**
 * A stale evidence target never opens other text, through the real `recollect` executable: a
 * generic JSONL chat of four messages re-imported after an edit to two drops three of them, and
 * the edited message and the next chat's message take fresh ids, so `read --around` of an id the
 * first import gave reads as not found (exit 3) instead of the text that now holds it.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** Generic JSONL lines of chat `chat` in app shop, alternating user and assistant turns. */
const lines = (chat: string, contents: readonly string[]) =>
  contents
    .map((content, at) =>
      JSON.stringify({
        app: "shop",
        chat,
        role: at % 2 === 0 ? "user" : "assistant",
        content,
        created_at: 1772359210000 + at,
      }),
    )
    .join("\n");

describe("recollect read of a message id a re-import removed", () => {
  it("is not found, and no later message or chat takes the id", async () => {
    const db = stores.path();
    const recollect = async (args: readonly string[]) => {
      const run = await runRecollectChild(["--db", db, "--json", ...args]);
      return { code: run.code, out: run.stdout === "" ? null : JSON.parse(run.stdout), run };
    };
    const messageIds = async (chat: number) => {
      const read = await recollect(["read", "--app", "shop", "--chat", String(chat)]);
      return read.out.messages.map((message: { message_id: number }) => message.message_id);
    };
    const file = join(dirname(db), "chat.jsonl");
    const other = join(dirname(db), "other.jsonl");
    expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);

    writeFileSync(
      file,
      lines("c1", ["Stripe or Paddle?", "Stripe.", "And refunds?", "Stripe too."]),
    );
    expect((await recollect(["import", file])).code).toBe(0);
    expect(await messageIds(1)).toEqual([1, 2, 3, 4]);

    writeFileSync(file, lines("c1", ["Stripe or Paddle?", "Paddle, after all."]));
    const reimport = await recollect(["import", file]);
    expect([reimport.code, reimport.out.totals.messages_removed]).toEqual([0, 3]);
    writeFileSync(other, lines("c2", ["Which queue?"]));
    expect((await recollect(["import", other])).code).toBe(0);
    expect([await messageIds(1), await messageIds(2)]).toEqual([[1, 5], [6]]);

    for (const [chat, around] of [
      [1, 2],
      [1, 3],
      [2, 3],
    ] as const) {
      const read = await runRecollectChild([
        ...["--db", db, "--json", "read", "--app", "shop"],
        ...["--chat", String(chat), "--around", String(around)],
      ]);
      expect([read.code, read.stdout, JSON.parse(read.stderr).error]).toMatchObject([
        3,
        "",
        { kind: "not_found", exit_code: 3, chat_id: chat, message_id: around },
      ]);
    }
  }, 120_000);
});
