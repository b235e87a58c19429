/**
 * A concurrent writer for the concurrency check: from the parent's start line until its end time (`start-signal.ts`), writes a new
 * generic-JSONL chat file and imports it exactly as `recollect import` does — open the store,
 * `importPaths()`, `drainIndex()`, close — reporting each committed import (`ack`) or failure
 * (`error`) as a line on stdout (`child-events.ts`). Usage:
 * `writer.ts --db PATH --folder DIR --writer N --seed S`.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { drainIndex } from "../../src/cli/commands/index-command.js";
import { importPaths } from "../../src/importers/index.js";
import { openStore } from "../../src/store/open-store.js";
import { writeImportFolder } from "../import-fixture.js";
import { createRandom } from "../random.js";
import { errorEvent, writeEvent } from "./child-events.js";
import { waitForStart } from "./start-signal.js";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    folder: { type: "string" },
    writer: { type: "string" },
    seed: { type: "string" },
  },
});
const db = values.db ?? "";
const until = await waitForStart();
const random = createRandom(Number(values.seed ?? 0));
/** Messages per imported chat. */
const MESSAGES_PER_CHAT = 12;

for (let round = 0; Date.now() < until; round += 1) {
  const prefix = `w${values.writer}-${round}`;
  const folder = join(values.folder ?? "", prefix);
  writeImportFolder({
    folder,
    random,
    files: 1,
    messagesPerChat: MESSAGES_PER_CHAT,
    apps: 1,
    prefix,
  });
  try {
    using store = openStore({ path: db });
    // Writers share three apps, so their chats interleave in the same app rows.
    const report = await importPaths({
      store,
      paths: [folder],
      appName: `shared-app-${round % 3}`,
    });
    await drainIndex(store, { requeueAll: false });
    if (report.failures.length > 0) throw report.failures[0]?.error;
    // The generic-JSONL importer keys a chat by its file's [app, chat] pair.
    const key = JSON.stringify([`${prefix}-app-0`, `${prefix}-chat-0`]);
    writeEvent({ type: "ack", key, messages: MESSAGES_PER_CHAT });
  } catch (error) {
    writeEvent(errorEvent("writer", error));
  }
}
