/**
 * Test helpers for what an explore call cites: a chat holding one decision added to a test store,
 * and the evidence targets of one `explore_chat_history` call, read from its structured report.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type EvidenceTarget, exploreChatHistoryReportSchema } from "../../card/report-schema.js";
import type { Store } from "../../store/open-store.js";

/** A chat to add: its title, source and session id, its file (default none) and its one message. */
export interface DecisionChat {
  readonly appId: number;
  readonly title: string;
  readonly source: string;
  readonly externalId: string;
  readonly sourceFile?: string;
  /** The user message it holds, written on 2026-06-01. */
  readonly text: string;
}

/** Inserts `chat` and its message into `store`; returns the chat's id. */
export function addDecisionChat(store: Store, chat: DecisionChat): number {
  const id = Number(
    store.db
      .prepare(
        "INSERT INTO chats (app_id, title, created_at, source, external_id, source_file) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        chat.appId,
        chat.title,
        Date.UTC(2026, 5, 1),
        chat.source,
        chat.externalId,
        chat.sourceFile ?? "",
      ).lastInsertRowid,
  );
  store.db
    .prepare("INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', ?, ?)")
    .run(id, chat.text, Date.UTC(2026, 5, 1, 0, 1));
  return id;
}

/** One explore call's result and every evidence target of its report (findings, then conflicts). */
export async function exploreEvidence(
  client: Client,
  query: string,
): Promise<{ result: CallToolResult; targets: EvidenceTarget[] }> {
  const result = (await client.callTool({
    name: "explore_chat_history",
    arguments: { query },
  })) as CallToolResult;
  const report = exploreChatHistoryReportSchema.parse(result.structuredContent);
  const targets = [...report.findings, ...report.conflicts].flatMap((group) => group.evidence);
  return { result, targets };
}
