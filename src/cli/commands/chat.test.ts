/**
 * `recollect chat` as a real child process: what it streams (the answer, the explorer's report,
 * its progress lines) shows a control or bidirectional character from the history as a visible
 * escape, like every other readable output, so the terminal never acts on it.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** ESC starting a "clear screen" sequence, BEL, and a right-to-left override. */
const HOSTILE = "\u001b[2J\u0007\u202e";
/** A control character other than the newline and tab that lay the text out, or a bidi control. */
const hasUnsafe = (text: string) => /[\p{Cc}\p{Bidi_Control}]/u.test(text.replace(/[\n\t]/g, ""));

describe("recollect chat", () => {
  it("escapes control and bidi characters from the history in everything it streams", async () => {
    const db = stores.path();
    const history = join(dirname(db), "history.jsonl");
    const line = (role: string, content: string, at: number) =>
      JSON.stringify({
        app: "shop",
        chat: "c1",
        title: `Payments${HOSTILE}`,
        role,
        content,
        created_at: at,
      });
    writeFileSync(
      history,
      [
        line("user", `Which payment provider should we use?${HOSTILE}`, 1),
        line("assistant", `We decided to use Stripe${HOSTILE} for payments.`, 2),
      ].join("\n"),
    );
    expect((await runCaptured(["--db", db, "import", history])).code).toBe(0);
    const run = await runRecollectChild(
      ["--db", db, "chat", "--app", "shop", "--entitlement", "pro"],
      { input: "what did we decide about the payment provider?\n/exit\n" },
    );
    expect(run.code).toBe(0);
    // The projection already blanks C0 controls; the bidi override reaches the report and the
    // card's title, and is shown escaped there.
    expect(run.stdout).toContain("\\u{202E}");
    expect(hasUnsafe(run.stdout)).toBe(false);
  }, 60_000);
});
