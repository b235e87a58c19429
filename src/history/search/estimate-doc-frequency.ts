import { z } from "zod";
import type { DatabasePort } from "../../store/database-port.js";
import { quoteFtsString } from "./build-fts-query.js";
import type { TermFrequency } from "./cap-terms-by-idf.js";

/**
 * Rows read per word to estimate its frequency. FTS5 returns a word's rows in rowid order, so the
 * first 500 are a sample of the rowid range; measured at 1M messages: ~0.1 ms a word, within ~25%
 * of the exact count (`history_fts_vocab` takes 10–40 ms for a frequent word).
 */
export const DOC_FREQUENCY_SAMPLE = 500;

/** What the capped scan of one word saw. */
export interface DocFrequencySample {
  /** Rows read, ≤ `limit`. */
  readonly count: number;
  /** Largest rowid read; null when none. */
  readonly lastRowid: number | null;
  /** The scan's cap. */
  readonly limit: number;
  /** Largest rowid in the index. */
  readonly maxRowid: number;
}

/**
 * A word's document frequency from a capped rowid-ordered scan: exact when the scan ended below
 * its cap, else the count scaled by the share of the rowid range the scan covered (rowids are
 * message ids, spread evenly enough over the history). Never above `maxRowid`. Pure.
 */
export function estimateDocFrequency(sample: DocFrequencySample): number {
  if (sample.count < sample.limit || sample.lastRowid === null || sample.lastRowid <= 0)
    return sample.count;
  const scaled = Math.round((sample.count * sample.maxRowid) / sample.lastRowid);
  return Math.min(Math.max(scaled, sample.count), Math.max(sample.maxRowid, sample.count));
}

const sampleSchema = z.object({ count: z.number().int(), last: z.number().int().nullable() });

/**
 * Estimated document frequencies of `words` in the title or body column (porter-stemmed by FTS5 as
 * a query would be), and the index's largest rowid as the row count they are shares of. One
 * capped scan per word ({@link DOC_FREQUENCY_SAMPLE} rows at most). Words reach FTS5 quoted only.
 */
export function sampleDocFrequencies(
  db: DatabasePort,
  words: readonly string[],
): { readonly rows: number; readonly frequencies: TermFrequency[] } {
  const maxValue = db.prepare("SELECT max(id) FROM history_fts_docsize").pluck().get();
  const maxRowid = typeof maxValue === "number" ? maxValue : 0;
  if (maxRowid === 0) return { rows: 0, frequencies: words.map((word) => ({ word, doc: 0 })) };
  const scan = db.prepare(
    `SELECT count(*) AS count, max(rowid) AS last FROM (
       SELECT rowid FROM history_fts WHERE history_fts MATCH ? LIMIT ${DOC_FREQUENCY_SAMPLE})`,
  );
  const frequencies = words.map((word) => {
    const row = sampleSchema.parse(scan.get(`{title body}:${quoteFtsString(word)}`));
    const doc = estimateDocFrequency({
      count: row.count,
      lastRowid: row.last,
      limit: DOC_FREQUENCY_SAMPLE,
      maxRowid,
    });
    return { word, doc };
  });
  return { rows: maxRowid, frequencies };
}
