/**
 * select evidence: from the ranking, the messages within `citeRatio` of the best local score in
 * fused order, then those within `fillRatio` for the places left, at most `maxCited` (for a
 * summary request `summaryCited`). Measured and dropped (docs/OFFLINE-ABLATION.md): citing up to
 * 8 on flat scores for every question, MMR over terms, one citation per chat (the turn next to a
 * hit is gold more often than a hit in another chat), and pulling in the other side of every
 * candidate supersession pair with the newer side first (answer@1 0.44 → 0.19 on BEAM-100K dev,
 * 0.38 → 0.25 on coding-histories: the newer side was seldom the answer). Pure.
 */
import type { PolicyConfig } from "./policy-parameters.js";
import type { RankedMessage } from "./rank-evidence.js";

/** The cited messages, best first. */
export interface Selection {
  readonly cited: readonly RankedMessage[];
}

/** Selects ≤ `limit` messages to cite from `ranked` (best first). */
export function selectEvidence(
  ranked: readonly RankedMessage[],
  config: PolicyConfig,
  limit: number = config.parameters.maxCited,
): Selection {
  const { parameters } = config;
  const top = Math.max(0, ...ranked.map((item) => item.score));
  // Strong matches in fused order, then the places left to weaker ones (never ahead of them).
  const within = (share: number) => ranked.filter((item) => item.score >= share * top);
  const tiers = new Set([...within(parameters.citeRatio), ...within(parameters.fillRatio)]);
  return { cited: [...tiers].slice(0, limit) };
}
