import type { Migration } from "../migration.js";

/**
 * `source_files.parser_version`: the parser version (`importers/parser-version.ts`) a synced file
 * was read with. Every file remembered before this step gets 1, so the next sync reads each once
 * more from its start with the current parsers (what an older parser stored, such as a
 * recalled-turn marker without the history tool's question, is replaced).
 */
export const sourceParserVersion: Migration = {
  version: 7,
  name: "parser version of synced files",
  up(db) {
    db.exec("ALTER TABLE source_files ADD COLUMN parser_version INTEGER NOT NULL DEFAULT 1");
  },
};
