import type { Migration } from "../migration.js";
import { coreTables } from "./001-core-tables.js";
import { searchIndex } from "./002-search-index.js";
import { chatSummary } from "./003-chat-summary.js";
import { chatIdentityAndSync } from "./004-chat-identity-and-sync.js";
import { replyRequeuesQuestion } from "./005-reply-requeues-question.js";
import { spellingTerms } from "./006-spelling-terms.js";
import { sourceParserVersion } from "./007-source-parser-version.js";
import { spellingTermsRest } from "./008-spelling-terms-rest.js";
import { recollectReplies } from "./009-recollect-replies.js";
import { recallNotices } from "./010-recall-notices.js";
import { idsNeverReused } from "./011-ids-never-reused.js";
import { chatKeyLookup } from "./012-chat-key-lookup.js";

/** Every migration, in order. Append only: never edit or reorder a released step. */
export const MIGRATIONS: readonly Migration[] = [
  coreTables,
  searchIndex,
  chatSummary,
  chatIdentityAndSync,
  replyRequeuesQuestion,
  spellingTerms,
  sourceParserVersion,
  spellingTermsRest,
  recollectReplies,
  recallNotices,
  idsNeverReused,
  chatKeyLookup,
];
