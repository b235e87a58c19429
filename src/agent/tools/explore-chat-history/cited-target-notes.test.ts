import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { evidenceTargetFixture, reportFixture } from "../../../card/testing/report-fixture.js";
import { openStore } from "../../../store/open-store.js";
import { citedTargetNotes, reportWithCitationNotes } from "./cited-target-notes.js";
import { formatReportText } from "./report-text.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A store with one app, a chat whose file exists and one whose file is gone. */
function fixture() {
  const dir = mkdtempSync(join(tmpdir(), "recollect-cited-"));
  dirs.push(dir);
  const present = join(dir, "present.jsonl");
  writeFileSync(present, "{}\n");
  const store = openStore({ path: ":memory:" });
  const app = Number(
    store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('shop', 0)").run()
      .lastInsertRowid,
  );
  const other = Number(
    store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('blog', 0)").run()
      .lastInsertRowid,
  );
  const chat = (appId: number, sourceFile: string) =>
    Number(
      store.db
        .prepare(
          "INSERT INTO chats (app_id, title, created_at, source, external_id, source_file) VALUES (?, 'Queues', 0, 'claude-code', ?, ?)",
        )
        .run(appId, `s-${sourceFile}-${appId}`, sourceFile).lastInsertRowid,
    );
  const message = (chatId: number, content: string) =>
    Number(
      store.db
        .prepare(
          "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', ?, 1)",
        )
        .run(chatId, content).lastInsertRowid,
    );
  return { store, app, other, chat, message, present, gone: join(dir, "deleted.jsonl") };
}

describe("citation notes on a report's evidence targets", () => {
  it("marks each target changed, removed or kept as the store holds it now, and prints the flags", () => {
    const { store, app, other, chat, message, present, gone } = fixture();
    const live = chat(app, present);
    const keptChat = chat(app, gone);
    const foreign = chat(other, gone);
    const same = message(live, "We use SQS for the order queue.");
    const edited = message(live, "We use SQS for the order queue.");
    const kept = message(keptChat, "Retries go to a dead-letter queue.");
    const theirs = message(foreign, "Blog posts go to a CDN.");
    store.db
      .prepare("UPDATE messages SET content = ? WHERE id = ?")
      .run("We use RabbitMQ.", edited);
    const target = (chatId: number, messageId: number, excerpt: string) =>
      evidenceTargetFixture({ chat_id: chatId, message_id: messageId, excerpt });
    const report = reportFixture({
      findings: [
        {
          claim: "Orders use SQS.",
          evidence: [
            target(live, same, "We use SQS for the order queue."),
            target(live, edited, "We use SQS for the order queue."),
            target(live, 9_999, "A message that is gone."),
            target(keptChat, kept, "Retries go to a dead-letter queue."),
            target(foreign, theirs, "Blog posts go to a CDN."),
          ],
        },
      ],
    });
    const noted = reportWithCitationNotes(report, citedTargetNotes(store, app));
    expect(
      noted.findings[0]!.evidence.map(({ message_state, kept_after_file_deleted }) => ({
        message_state,
        kept_after_file_deleted,
      })),
    ).toEqual([
      { message_state: undefined, kept_after_file_deleted: undefined },
      { message_state: "changed", kept_after_file_deleted: undefined },
      { message_state: "removed", kept_after_file_deleted: undefined },
      { message_state: undefined, kept_after_file_deleted: true },
      // Another app's message reads as gone: nothing of that app is disclosed.
      { message_state: "removed", kept_after_file_deleted: undefined },
    ]);
    const flags = formatReportText(noted)
      .split("\n")
      .filter((line) => line.startsWith("     - chat "))
      .map((line) => line.match(/ \[(.*)\]$/)?.[1] ?? null);
    expect(flags).toEqual([
      null,
      "changed since cited",
      "no longer in the history",
      "only in Recollect: its file was deleted",
      "no longer in the history",
    ]);
  });
});
