/**
 * The run's dedupe cache: a repeated normalized query or (chat, window) read is answered with the
 * body the child saw the first time — not re-run, not re-counted against the call budget. Part of
 * the evidence registry (`evidence-registry.ts`).
 */

/** Normalizes a search query for dedupe: NFKC, lower case, collapsed whitespace, plus the limit. */
export function searchKey(query: string, limit: number): string {
  return `${query.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()}|${limit}`;
}

/** Answers by key; create one per kind of call with {@link createDedupeCache}. */
export interface DedupeCache<Body> {
  /** The earlier body for `key`, or undefined. A hit counts one deduped call. */
  get(key: string): Body | undefined;
  set(key: string, body: Body): void;
  /** Calls answered from the cache so far. */
  hits(): number;
}

/** An empty cache. */
export function createDedupeCache<Body>(): DedupeCache<Body> {
  const bodies = new Map<string, Body>();
  let hits = 0;
  return {
    get(key) {
      const body = bodies.get(key);
      if (body !== undefined) hits += 1;
      return body;
    },
    set(key, body) {
      bodies.set(key, body);
    },
    hits: () => hits,
  };
}
