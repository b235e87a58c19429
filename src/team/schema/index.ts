/** The team store's migrations, in order (issue 32). */
import { historyTables } from "./001-history-tables.js";
import { memberAccess } from "./002-member-access.js";
import { matchingMessages } from "./003-matching-messages.js";
import { pushOwnByChat } from "./004-push-own-by-chat.js";
import type { TeamMigration } from "./team-migration.js";

export type { TeamMigration } from "./team-migration.js";

/** Every migration, oldest first; a new one is appended, never edited once released. */
export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  historyTables,
  memberAccess,
  matchingMessages,
  pushOwnByChat,
];
