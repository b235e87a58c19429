/**
 * Test helper: a real store on disk for MCP server tests — migrated, seeded with the server
 * tests' fixed history (two apps, a reversed auth decision), fully indexed, with its settings file
 * beside it. The child server opens the same file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createIndexer } from "../../history/indexer/create-indexer.js";
import { type SeededHistory, seedHistory } from "../../server/testing/seed-history.js";
import { type Settings, settingsStoreForStorePath } from "../../settings/index.js";
import { openStore, type Store } from "../../store/open-store.js";

/** A seeded store file and ways to change it between requests. */
export interface McpTestStore {
  readonly dir: string;
  readonly path: string;
  readonly seeded: SeededHistory;
  /** Replaces the settings file (entitlement, consents) the running server reads per request. */
  writeSettings(settings: Settings): void;
  /** Runs `change` on an open connection to the store, then drains the index. */
  change(change: (store: Store) => void): Promise<void>;
  cleanup(): void;
}

async function drain(store: Store): Promise<void> {
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  indexer.repair();
  await indexer.drainAll();
  await indexer.stop();
}

/** Creates the store under a fresh temp folder. */
export async function createMcpTestStore(): Promise<McpTestStore> {
  const dir = mkdtempSync(join(tmpdir(), "recollect-mcp-"));
  const path = join(dir, "recollect.db");
  let seeded: SeededHistory;
  {
    using store = openStore({ path });
    seeded = seedHistory(store);
    await drain(store);
  }
  return {
    dir,
    path,
    seeded,
    writeSettings(settings) {
      settingsStoreForStorePath(path).update(() => settings);
    },
    async change(change) {
      using store = openStore({ path });
      change(store);
      await drain(store);
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
