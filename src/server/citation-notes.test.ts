/**
 * A stored card's citations after a later sync changed what they cite (issue 30), on a real store
 * through the importers' write path and the messages API: an edited cited message keeps its id
 * and is flagged `changed`, a dropped one `removed`, and a chat whose file the agent deleted
 * `kept`; a citation still as cited gets no note.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderCardXml } from "../card/card-xml.js";
import { exploreHistoryCard } from "../card/history-card.js";
import { evidenceTargetFixture, reportFixture } from "../card/testing/report-fixture.js";
import type { ImportedChat } from "../importers/imported-chat.js";
import { writeChats } from "../importers/write-chats.js";
import { findChat } from "../store/catalog/chats.js";
import { openStore, type Store } from "../store/open-store.js";
import type { MessagesResponse } from "./shared/api-types.js";
import { createReadOnlyApi } from "./testing/read-only-api.js";
import { seedOwnChat } from "./testing/seed-history.js";

const TEXTS = ["Which queue?", "SQS.", "Why not Kafka?", "Too heavy for us."];

let store: Store;
let folder: string;
let sourceFile: string;

beforeEach(() => {
  store = openStore({ path: ":memory:" });
  folder = mkdtempSync(join(tmpdir(), "recollect-citations-"));
  sourceFile = join(folder, "s1.jsonl");
  writeFileSync(sourceFile, "{}\n");
});
afterEach(() => {
  store.close();
  rmSync(folder, { recursive: true, force: true });
});

const session = (texts: readonly string[]): ImportedChat => ({
  source: "claude-code",
  externalId: "s1",
  title: "queues",
  createdAtMs: 1_000,
  appHint: null,
  messages: texts.map((content, index) => ({
    role: index % 2 === 0 ? "user" : "assistant",
    content,
    createdAtMs: 1_000 + index,
    aiMessagesJson: null,
    isCompactionSummary: false,
  })),
});

/** Syncs the session as the file now holds it (a rewrite is made exactly equal, as sync does). */
const sync = (texts: readonly string[]) =>
  writeChats(store.db, [
    { chat: session(texts), app: { name: "shop", path: null }, sourceFile, mode: "exact" },
  ]).chatIds[0]!;

describe("citation notes of a stored card", () => {
  it("flag an edited message changed (same id), a dropped one removed, a deleted file kept", async () => {
    const chatId = sync(TEXTS);
    const appId = findChat(store.db, chatId)!.appId;
    const ids = store.db
      .prepare<[number], { id: number }>("SELECT id FROM messages WHERE chat_id = ? ORDER BY id")
      .all(chatId)
      .map((row) => row.id);
    const target = (index: number) =>
      evidenceTargetFixture({ chat_id: chatId, message_id: ids[index]!, excerpt: TEXTS[index]! });
    const card = renderCardXml(
      exploreHistoryCard({
        state: "complete",
        query: "which queue",
        report: reportFixture({
          findings: [{ claim: "SQS, not Kafka", evidence: [target(1), target(3), target(0)] }],
        }),
      }),
    );
    const ownChat = seedOwnChat(store, {
      appId,
      title: "mine",
      lines: [
        ["user", "which queue?"],
        ["assistant", card],
      ],
    });
    const app = createReadOnlyApi(store);
    const notes = async () => {
      const response = await app.request(`/api/apps/${appId}/chats/${ownChat}/messages`);
      const body = (await response.json()) as MessagesResponse;
      return body.messages.flatMap((message) => message.citations);
    };
    const note = (index: number, state: string, kept: boolean) => ({
      chatId,
      messageId: ids[index],
      state,
      kept,
    });

    expect(await notes()).toEqual([]);

    // The cited reply "SQS." is edited in place: it keeps its id and shows its new text.
    sync(TEXTS.map((text) => (text === "SQS." ? "SQS, with a dead-letter queue." : text)));
    const rows = store.db
      .prepare<[number], { id: number; content: string }>(
        "SELECT id, content FROM messages WHERE chat_id = ? ORDER BY id",
      )
      .all(chatId);
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows[1]!.content).toBe("SQS, with a dead-letter queue.");
    expect(await notes()).toEqual([note(1, "changed", false)]);

    // The last message is dropped from the file: its citation reads as removed.
    sync(
      TEXTS.slice(0, 3).map((text) => (text === "SQS." ? "SQS, with a dead-letter queue." : text)),
    );
    expect(await notes()).toEqual([note(1, "changed", false), note(3, "removed", false)]);

    // The agent deletes the file: the chat is kept, and every citation of it says so.
    rmSync(sourceFile);
    expect(await notes()).toEqual([
      note(1, "changed", true),
      note(3, "removed", false),
      note(0, "same", true),
    ]);
    const chats = await app.request(`/api/apps/${appId}/chats`);
    const listed = ((await chats.json()) as { chats: { id: number; kept: boolean }[] }).chats;
    expect(listed.map(({ id, kept }) => ({ id, kept }))).toEqual(
      expect.arrayContaining([
        { id: chatId, kept: true },
        { id: ownChat, kept: false },
      ]),
    );
  });
});
