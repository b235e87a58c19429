/**
 * select evidence: from the ranking, the messages within `citeRatio` of the best local score in
 * fused order, then those within `fillRatio` for the places left, at most `maxCited` (for a
 * summary request `summaryCited`). The first `maxRevisions` supersessions with a cited side are
 * shown: the other side is cited too (in place of the lowest-ranked citation outside any revision),
 * the newer before the older. Measured and dropped (docs/OFFLINE-ABLATION.md): citing up to 8 on
 * flat scores for every question, MMR over terms, one citation per chat (the turn next to a hit is
 * gold more often than a hit in another chat). Pure.
 */
import type { PolicyConfig } from "./policy-parameters.js";
import type { RankedMessage } from "./rank-evidence.js";
import type { Supersession } from "./supersession.js";

/** The cited messages, best first, and the revisions among them. */
export interface Selection {
  readonly cited: readonly RankedMessage[];
  readonly revisions: readonly Supersession[];
}

/** Selects ≤ `limit` messages to cite from `ranked` (best first) given the supersessions found. */
export function selectEvidence(
  ranked: readonly RankedMessage[],
  supersessions: readonly Supersession[],
  config: PolicyConfig,
  limit: number = config.parameters.maxCited,
): Selection {
  const { parameters } = config;
  const top = Math.max(0, ...ranked.map((item) => item.score));
  // Strong matches in fused order, then the places left to weaker ones (never ahead of them).
  const within = (share: number) => ranked.filter((item) => item.score >= share * top);
  const tiers = new Set([...within(parameters.citeRatio), ...within(parameters.fillRatio)]);
  const chosen = [...tiers].slice(0, limit);
  const cited = [...chosen];
  const revisions: Supersession[] = [];
  const pinned = new Set<RankedMessage>();
  for (const pair of supersessions) {
    if (revisions.length >= parameters.maxRevisions) break;
    const hasOlder = cited.includes(pair.older);
    const hasNewer = cited.includes(pair.newer);
    if (!hasOlder && !hasNewer) continue;
    const missing = hasOlder ? pair.newer : pair.older;
    if (!(hasOlder && hasNewer)) {
      // The missing side takes the place of the lowest-ranked citation outside any revision.
      if (cited.length >= limit) {
        const drop = cited.findLastIndex(
          (item) => !pinned.has(item) && item !== pair.older && item !== pair.newer,
        );
        if (drop === -1) continue;
        cited.splice(drop, 1);
      }
      cited.push(missing);
    }
    pinned.add(pair.older);
    pinned.add(pair.newer);
    revisions.push(pair);
    // The newer statement outranks the one it revises.
    const olderAt = cited.indexOf(pair.older);
    const newerAt = cited.indexOf(pair.newer);
    if (newerAt > olderAt) {
      cited.splice(newerAt, 1);
      cited.splice(olderAt, 0, pair.newer);
    }
  }
  // The latest statement of each revision chain (revising, never revised) is the current one:
  // it leads the citations.
  const revised = new Set(revisions.map((pair) => pair.older));
  const latest = cited.filter(
    (item) => revisions.some((pair) => pair.newer === item) && !revised.has(item),
  );
  return { cited: [...latest, ...cited.filter((item) => !latest.includes(item))], revisions };
}
