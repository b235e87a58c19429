/**
 * The `plans` rows the plan-mode tools write (migration 003): a draft per `write_plan`, and the
 * newest plan of a chat marked ready by `exit_plan`. Times are integer ms since the epoch.
 */
import type Database from "better-sqlite3";

/** Saves a draft plan of `appId` (and `chatId`, null outside a chat) and returns its id. */
export function insertDraftPlan(
  db: Database.Database,
  input: {
    readonly appId: number;
    readonly chatId: number | null;
    readonly title: string;
    readonly body: string;
    readonly nowMs: number;
  },
): number {
  const result = db
    .prepare(
      "INSERT INTO plans (app_id, chat_id, title, body, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'draft', ?, ?)",
    )
    .run(input.appId, input.chatId, input.title, input.body, input.nowMs, input.nowMs);
  return Number(result.lastInsertRowid);
}

/** The id of the newest plan of `appId` in `chatId` (null: outside a chat), or null when none. */
export function latestPlanId(
  db: Database.Database,
  appId: number,
  chatId: number | null,
): number | null {
  return (
    db
      .prepare<[number, number | null], number>(
        "SELECT id FROM plans WHERE app_id = ? AND chat_id IS ? ORDER BY id DESC LIMIT 1",
      )
      .pluck()
      .get(appId, chatId) ?? null
  );
}

/** Marks plan `planId` ready for review at `nowMs`. */
export function markPlanReady(db: Database.Database, planId: number, nowMs: number): void {
  db.prepare("UPDATE plans SET status = 'ready', updated_at = ? WHERE id = ?").run(nowMs, planId);
}
