/**
 * supersede: two messages about the same subject that state different values, ordered by time —
 * the newer revises the older (a changed deadline, a reversed choice, a contradiction). Subject =
 * query terms both contain (at least `subjectOverlap` of the weight of those either contains).
 * Different values: the newer carries a revision cue, or — between messages of one speaker — each
 * states a number or name the other lacks, or one is negated and the other not. Pairs of the
 * person's own messages come first, then by relevance; a message is revised at most once, so a
 * chain A → B → C yields both steps and a statement contradicting two earlier ones revises both.
 * Pure.
 */
import { NEGATION, type PolicyConfig, REVISION_CUE } from "./policy-parameters.js";
import type { QueryModel } from "./query-model.js";
import type { RankedMessage } from "./rank-evidence.js";

/** An older message and the newer one that revises it. */
export interface Supersession {
  readonly older: RankedMessage;
  readonly newer: RankedMessage;
  /** Question terms both state (index terms). */
  readonly subject: readonly string[];
}

const NUMBER = /\b\d[\d.,:/-]*\b/g;
const NAME = /(?<=[a-z,;] )[A-Z][\w.+-]*[a-zA-Z]/g;

/** Numbers and mid-sentence capitalised names of `text`: the "values" a statement asserts. */
export function valuesOf(text: string): Set<string> {
  return new Set([
    ...(text.match(NUMBER) ?? []),
    ...(text.match(NAME) ?? []).map((name) => name.toLowerCase()),
  ]);
}

/**
 * The older states a value and the newer one it lacks: a value replaced, or named beside its
 * replacement ("off Supabase Storage to Cloudflare R2"). A first value where the older stated
 * none is not a change.
 */
function differ(older: ReadonlySet<string>, newer: ReadonlySet<string>): boolean {
  return older.size > 0 && [...newer].some((value) => !older.has(value));
}

/** `b` is the assistant's reply right after `a`: it restates or answers `a`, it does not revise it. */
function isReplyTo(a: RankedMessage, b: RankedMessage): boolean {
  return (
    b.observation.role === "assistant" &&
    b.observation.chatId === a.observation.chatId &&
    b.observation.messageId === a.observation.messageId + 1
  );
}

/** A question states no value, so there is nothing for a later message to revise. */
function asksOnly(item: RankedMessage): boolean {
  return item.observation.text.trim().endsWith("?");
}

/** Time order: ISO timestamps compare as strings; message ids break ties within a chat. */
function isOlder(a: RankedMessage, b: RankedMessage): boolean {
  const ta = a.observation.createdAt;
  const tb = b.observation.createdAt;
  return ta < tb || (ta === tb && a.observation.messageId < b.observation.messageId);
}

/**
 * Supersessions among the top `supersedePool` messages of `ranked`, best pair first; the
 * subject is weighed by `subject` (the expanded query model: a revision may name the topic in
 * words the question did not use).
 */
export function findSupersessions(
  ranked: readonly RankedMessage[],
  subject: QueryModel,
  config: PolicyConfig,
): Supersession[] {
  if (config.off.has("supersede")) return [];
  const pool = ranked.slice(0, config.parameters.supersedePool);
  const weights = [...subject.weights];
  const found: { pair: Supersession; strength: number }[] = [];
  for (const a of pool) {
    for (const b of pool) {
      if (a === b || !isOlder(a, b) || isReplyTo(a, b) || asksOnly(a)) continue;
      let both = 0;
      let either = 0;
      const shared: string[] = [];
      for (const [term, weight] of weights) {
        const inA = a.vector.tf.has(term);
        const inB = b.vector.tf.has(term);
        if (inA && inB) {
          both += weight;
          shared.push(term);
        }
        if (inA || inB) either += weight;
      }
      if (both / either < config.parameters.subjectOverlap) continue;
      const textA = a.observation.text;
      const textB = b.observation.text;
      // A speaker's later value revises their own earlier one; across speakers (a suggestion,
      // then the person's own choice) only an explicit revision cue does — otherwise a reply
      // that names more values would read as revising the message it answers.
      const revised =
        REVISION_CUE.test(textB) ||
        (a.observation.role === b.observation.role &&
          (differ(valuesOf(textA), valuesOf(textB)) ||
            NEGATION.test(textA) !== NEGATION.test(textB)));
      if (!revised) continue;
      found.push({
        pair: { older: a, newer: b, subject: shared },
        strength: a.relevance + b.relevance,
      });
    }
  }
  // The person's own statements first: what changes is what they said (a deadline, a count, "I've
  // never …"); an assistant reply mostly restates the turn it answers.
  found.sort((x, y) => Number(own(y.pair)) - Number(own(x.pair)) || y.strength - x.strength);
  // Each message is revised at most once, so a chain A → B → C shows its two steps (not A → C),
  // while a statement that contradicts two earlier ones revises both.
  const revised = new Set<RankedMessage>();
  const pairs: Supersession[] = [];
  for (const { pair } of found) {
    if (revised.has(pair.older)) continue;
    revised.add(pair.older);
    pairs.push(pair);
  }
  return pairs;
}

/** Both sides are the person's own messages. */
function own(pair: Supersession): boolean {
  return pair.older.observation.role === "user" && pair.newer.observation.role === "user";
}
