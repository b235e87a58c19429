/**
 * Explorer-versus-floor figures (issue 13 § Build 2). Pure functions of ranked ids and gold sets.
 */

/** The fixed cut-offs the floor is reported at. */
export const FLOOR_CUTOFFS = [3, 5, 10] as const;

/**
 * Evidence recall of a ranking cut at `k`: |first k of `ranked` ∩ gold| / |gold|, in [0, 1].
 * Duplicates in `ranked` count once. Null when `gold` is empty; 0 for `k` ≤ 0.
 */
export function recallAtK(
  ranked: readonly number[],
  gold: ReadonlySet<number>,
  k: number,
): number | null {
  if (gold.size === 0) return null;
  const top = new Set(ranked.slice(0, Math.max(0, k)));
  let hits = 0;
  for (const id of top) if (gold.has(id)) hits += 1;
  return hits / gold.size;
}

/**
 * Chat-level hit at `k`: whether any of the first `k` distinct chats of `rankedChats` (a chat
 * ranks where its best message ranks) is a gold chat. Null when `goldChats` is empty.
 */
export function chatHitAtK(
  rankedChats: readonly number[],
  goldChats: ReadonlySet<number>,
  k: number,
): boolean | null {
  if (goldChats.size === 0) return null;
  const distinct = [...new Set(rankedChats)].slice(0, Math.max(0, k));
  return distinct.some((chat) => goldChats.has(chat));
}

/** Explorer / floor at equal k, or null when either is missing or the floor is 0. */
export function recallRatio(explorer: number | null, floor: number | null): number | null {
  if (explorer === null || floor === null || floor === 0) return null;
  return explorer / floor;
}
