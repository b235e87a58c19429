import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { z } from "zod";
import type { DatabasePort } from "../../store/database-port.js";

/** `history_meta` key of the frequent-term snapshot. */
export const FREQUENT_TERMS_KEY = "frequent_terms";

/**
 * Terms in at least this share of indexed rows are recorded. Lower than the query-side cut-off
 * (`FREQUENT_TERM_SHARE`, 5%) so that cut-off can be tuned without a rescan.
 */
export const RECORDED_TERM_SHARE = 0.02;

/**
 * Vocabulary rows read per step of a refresh; each step yields to the event loop. Measured at 1M
 * messages: 400 terms a step blocked up to 520 ms where the most frequent words cluster; 100 keeps
 * steps short.
 */
const TERMS_PER_STEP = 100;

/** Below this many indexed rows no snapshot is kept: small indexes search fast with every term. */
export const MIN_ROWS_FOR_TERM_STATS = 20_000;

/** Share of rows that must change after a snapshot before the indexer refreshes it. */
export const TERM_STATS_STALE_SHARE = 0.1;

const snapshotSchema = z.object({
  rows: z.number().int().nonnegative(),
  terms: z.record(z.string(), z.number().int().nonnegative()),
});

/** Document frequencies of the index's most frequent terms (stems), and the row count then. */
export type TermStats = z.infer<typeof snapshotSchema>;

/**
 * Reads the snapshot written by {@link refreshTermStats}; null when there is none yet (or it is
 * unreadable, which only disables pruning). One primary-key read and a small JSON parse.
 */
export function readTermStats(db: DatabasePort): TermStats | null {
  const raw = db
    .prepare("SELECT value FROM history_meta WHERE key = ?")
    .pluck()
    .get(FREQUENT_TERMS_KEY);
  if (typeof raw !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = snapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Rebuilds the frequent-term snapshot by walking `history_fts_vocab` in term order,
 * {@link TERMS_PER_STEP} terms a step, yielding between steps (a full walk reads every doclist:
 * ~6 s of CPU at 1M messages, so it must never block the event loop in one piece). Each step also
 * adds its plain-letter terms to `history_terms`, the spelling-correction candidates (migration
 * 006), which this walk already reads. Stops early, writing no snapshot, when `shouldStop()` turns
 * true. Returns the snapshot written, or null.
 */
export async function refreshTermStats(
  db: DatabasePort,
  shouldStop: () => boolean = () => false,
): Promise<TermStats | null> {
  const rowsValue = db.prepare("SELECT count(*) FROM history_fts_docsize").pluck().get();
  const rows = typeof rowsValue === "number" ? rowsValue : 0;
  const minimum = Math.max(1, Math.ceil(rows * RECORDED_TERM_SHARE));
  const step = db.prepare(
    "SELECT term, doc FROM history_fts_vocab WHERE term > ? ORDER BY term LIMIT ?",
  );
  const stepSchema = z.array(z.object({ term: z.string(), doc: z.number().int() }));
  const addTerm = db.prepare("INSERT OR IGNORE INTO history_terms (term) VALUES (?)");
  const addSpellingTerms = db.transaction((batch: readonly { readonly term: string }[]) => {
    for (const row of batch) if (/^[a-z]+$/.test(row.term)) addTerm.run(row.term);
  });
  const terms: Record<string, number> = {};
  let after = "";
  for (;;) {
    if (shouldStop()) return null;
    const batch = stepSchema.parse(step.all(after, TERMS_PER_STEP));
    addSpellingTerms(batch);
    for (const row of batch) {
      // Scope tokens (`app7`, `chat9`) are filters, never query words.
      if (row.doc >= minimum && !/^(?:app|chat)\d+$/.test(row.term)) terms[row.term] = row.doc;
    }
    const last = batch.at(-1);
    if (last === undefined || batch.length < TERMS_PER_STEP) break;
    after = last.term;
    await yieldToEventLoop();
  }
  const snapshot: TermStats = { rows, terms };
  db.prepare(
    "INSERT INTO history_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(FREQUENT_TERMS_KEY, JSON.stringify(snapshot));
  return snapshot;
}
