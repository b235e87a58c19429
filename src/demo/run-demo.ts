/**
 * The main job end to end (README: `npm start`): seed the demo history if it is not stored yet,
 * drain the index, and run one vague question through the explorer. Offline by default, so a
 * fresh clone needs no network and no keys.
 */
import {
  exploreApp,
  parseExploreQuestion,
} from "../agent/tools/explore-chat-history/explore-app.js";
import type { ExplorerRun } from "../agent/tools/explore-chat-history/run-explorer.js";
import type { ExploreProgress } from "../card/explore-progress.js";
import type { Engine } from "../engine/engine.js";
import { createIndexer } from "../history/index.js";
import type { Store } from "../store/open-store.js";
import { DEMO_APP_NAME } from "./demo-chats.js";
import { type DemoSeedResult, seedDemoHistory } from "./seed-demo.js";

/** The demo's question: vague on purpose (plan § Problem Statement). */
export const DEMO_QUESTION = "What did we decide about authentication?";

/** Options of {@link runDemo}. */
export interface DemoRunOptions {
  readonly store: Store;
  readonly engine: Engine | null;
  /** The Pro seam: the CLI has no entitlement provider yet and passes true. */
  readonly isPro: boolean;
  readonly signal: AbortSignal;
  readonly question?: string;
  readonly onProgress?: (event: ExploreProgress) => void;
  /** Called once seeding and indexing are done, before exploring (counts only). */
  readonly onSeeded?: (seed: DemoSeedResult) => void;
}

/** What the demo did: the seeding and the explorer run. */
export interface DemoRunResult extends ExplorerRun {
  readonly seed: DemoSeedResult;
  readonly question: string;
}

/**
 * Seeds, indexes and explores; throws what {@link exploreApp} throws. A bad question (empty,
 * blank, > 500 characters) is refused before anything is seeded.
 */
export async function runDemo(options: DemoRunOptions): Promise<DemoRunResult> {
  const question = parseExploreQuestion(options.question ?? DEMO_QUESTION);
  const seed = seedDemoHistory(options.store);
  {
    await using indexer = createIndexer({ store: options.store, pollIntervalMs: 0 });
    indexer.start();
    await indexer.drainAll();
  }
  options.onSeeded?.(seed);
  const run = await exploreApp({
    store: options.store,
    appName: DEMO_APP_NAME,
    query: question,
    engine: options.engine,
    isPro: options.isPro,
    signal: options.signal,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return { report: run.report, stats: run.stats, seed, question };
}
