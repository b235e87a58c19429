/**
 * The neighbour turn as context (issue 13 § Build 7): an answer often sits in the turn next to the
 * one that matches the question's words (the user asks, the assistant answers in other words). A
 * candidate whose adjacent message in the same chat is also a candidate gains
 * {@link NEIGHBOUR_WEIGHT} × that neighbour's score (the better of the two sides). Adjacent = the
 * message id one below or above in the same chat (ids grow in import order within a chat).
 */

/**
 * Share of the better neighbour's score added; bm25 scores are negative (lower is better), so the
 * bonus moves a candidate up. 0.5 measured best of 0.3 / 0.5 / 1.0 on BEAM-100K and curated
 * (docs/EVAL.md § Search ranking).
 */
export const NEIGHBOUR_WEIGHT = 0.5;

/** What the bonus needs of a ranked candidate. */
export interface NeighbourScored {
  readonly messageId: number;
  readonly chatId: number;
  readonly score: number;
}

/** Returns each candidate with its neighbour bonus added to `score`; order unchanged. Pure. */
export function withNeighbourContext<T extends NeighbourScored>(
  candidates: readonly T[],
  weight: number = NEIGHBOUR_WEIGHT,
): T[] {
  const byId = new Map(candidates.map((candidate) => [candidate.messageId, candidate]));
  const neighbourScore = (candidate: T, id: number): number => {
    const other = byId.get(id);
    return other !== undefined && other.chatId === candidate.chatId ? other.score : 0;
  };
  return candidates.map((candidate) => {
    const best = Math.min(
      neighbourScore(candidate, candidate.messageId - 1),
      neighbourScore(candidate, candidate.messageId + 1),
      0,
    );
    return best === 0 ? candidate : { ...candidate, score: candidate.score + weight * best };
  });
}
