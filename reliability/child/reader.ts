/**
 * A concurrent reader for the concurrency check: from the parent's start line until its end time (`start-signal.ts`), opens the store as
 * `recollect search` does and runs a burst of `searchChats()` / `readChat()` calls on random apps
 * and chats, reporting each success (`read`) or failure (`error`) on stdout (`child-events.ts`).
 * Usage: `reader.ts --db PATH --seed S`.
 */
import { parseArgs } from "node:util";
import { readChat, searchChats } from "../../src/history/index.js";
import { openStore } from "../../src/store/open-store.js";
import { SHARED_WORDS } from "../canary-store.js";
import { createRandom } from "../random.js";
import { errorEvent, writeEvent } from "./child-events.js";
import { waitForStart } from "./start-signal.js";

const { values } = parseArgs({
  options: { db: { type: "string" }, seed: { type: "string" } },
});
const until = await waitForStart();
const random = createRandom(Number(values.seed ?? 0));
/** Operations per opened store, like one short CLI session. */
const BURST = 20;

while (Date.now() < until) {
  try {
    using store = openStore({ path: values.db ?? "" });
    const chats = store.db
      .prepare<[], { id: number; app_id: number }>("SELECT id, app_id FROM chats")
      .all();
    for (let i = 0; i < BURST && chats.length > 0; i += 1) {
      const chat = random.pick(chats);
      const ctx = { store, appId: chat.app_id, currentChatId: null, currentMessageId: null };
      try {
        if (random.chance(0.5)) {
          await searchChats(ctx, {
            query: `${random.pick(SHARED_WORDS)} ${random.pick(SHARED_WORDS)}`,
          });
          writeEvent({ type: "read", operation: "search" });
        } else {
          readChat(ctx, { chat_id: chat.id, offset: random.int(0, 10), limit: random.int(1, 20) });
          writeEvent({ type: "read", operation: "read" });
        }
      } catch (error) {
        // A chat listed above is never deleted by the writers, so even not_found is a failure.
        writeEvent(errorEvent("reader", error));
      }
    }
  } catch (error) {
    writeEvent(errorEvent("reader", error));
  }
  await new Promise((resolve) => setTimeout(resolve, random.int(0, 20)));
}
