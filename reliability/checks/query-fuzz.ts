/**
 * Check 2 — generated queries: `queries` searches (families in `query-generator.ts`, round robin)
 * through the real `searchChats()` on the canary store, each from a random app and chat. A query
 * must end in a result or, when it is blank or longer than 500 characters, in a classified
 * `invalid_input`; a SQLite error, any other error, or a rejected valid query counts against it.
 */
import { RecollectError } from "../../src/errors/recollect-error.js";
import { searchChats } from "../../src/history/index.js";
import { MAX_QUERY_CHARS } from "../../src/history/search/search-input.js";
import { createCanaryStore } from "../canary-store.js";
import { atLeast, atMost, type Figure } from "../figure.js";
import { QUERY_FAMILIES, sampleQueries } from "../query-generator.js";
import { createRandom } from "../random.js";

/** Options of {@link runQueryFuzzCheck}. */
export interface QueryFuzzCheckOptions {
  /** Queries to run (the issue: ≥ 100,000). */
  readonly queries: number;
  readonly seed: number;
  readonly log: (line: string) => void;
}

/** Queries drawn per fast-check sample call (bounds memory for 500-char strings). */
const BATCH = 1_000;

/** True when `error` or its cause chain (≤ 5 deep) is an error raised by SQLite. */
export function isSqliteError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (current.name === "SqliteError" || (typeof code === "string" && code.startsWith("SQLITE"))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

function isValidQuery(query: string): boolean {
  return query.trim() !== "" && query.length <= MAX_QUERY_CHARS;
}

/** Runs the check on a fresh in-memory canary store and returns its figures. */
export async function runQueryFuzzCheck(options: QueryFuzzCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  using canary = createCanaryStore(":memory:", random);
  let ran = 0;
  let sqliteErrors = 0;
  let otherErrors = 0;
  let validRejected = 0;
  let invalidAccepted = 0;
  let withHits = 0;
  const examples: string[] = [];
  const perFamily = Math.ceil(options.queries / QUERY_FAMILIES.length);
  for (const family of QUERY_FAMILIES) {
    for (let done = 0; done < perFamily && ran < options.queries; done += BATCH) {
      const count = Math.min(BATCH, perFamily - done, options.queries - ran);
      for (const query of sampleQueries(family, count, random.seed())) {
        const app = random.pick(canary.apps);
        const chat = random.chance(0.3) ? random.pick(app.chatIds) : null;
        ran += 1;
        try {
          const result = await searchChats(
            { store: canary.store, appId: app.appId, currentChatId: chat, currentMessageId: null },
            { query, limit: random.int(1, 20) },
          );
          if (result.chats.length > 0) withHits += 1;
          if (!isValidQuery(query)) invalidAccepted += 1;
        } catch (error) {
          if (isSqliteError(error)) {
            sqliteErrors += 1;
            if (examples.length < 5)
              examples.push(`${family}: ${JSON.stringify(query).slice(0, 80)}`);
          } else if (!RecollectError.isInstance(error) || error.kind !== "invalid_input") {
            otherErrors += 1;
          } else if (isValidQuery(query)) validRejected += 1;
        }
      }
    }
  }
  for (const example of examples) options.log(`  SQLite error on ${example}`);
  options.log(`  ${withHits} of ${ran} queries found at least one chat`);
  return [
    atLeast("generated queries run through searchChats()", ran, options.queries, "queries"),
    atMost("SQLite errors", sqliteErrors, 0),
    atMost("other unclassified errors", otherErrors, 0),
    atMost("valid queries rejected as invalid_input", validRejected, 0),
    atMost("blank or over-long queries accepted", invalidAccepted, 0),
  ];
}
