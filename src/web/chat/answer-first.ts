/**
 * The order an assistant message is drawn in: its answer (the text runs) first, then the history
 * cards it drew on, each group in its own order. The model writes the card's tool call before its
 * answer, but a person reads the answer first and opens the card's details if they want them. Pure.
 */

/** `parts` with every text part before every card part; both keep their order. */
export function answerFirst<Part extends { readonly kind: string }>(
  parts: readonly Part[],
): Part[] {
  return [
    ...parts.filter((part) => part.kind === "text"),
    ...parts.filter((part) => part.kind !== "text"),
  ];
}
