/**
 * supersede: two messages on one subject stating different values, by time — the newer revises the
 * older (a changed deadline, a reversed choice). Same subject: ≥ `subjectTerms` shared query terms
 * (all of a shorter query) holding ≥ `subjectOverlap` of the weight either contains. Different
 * value: a revision cue in the newer, or — between the person's own messages (an assistant names
 * whatever it explains) — a new number or name, or a negation on one side only. Every pair is kept
 * (A → B → C: A → B, B → C, A → C) but adoptions (the newer takes what the older proposed). Pure.
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
 * What a revision drops: the object of "replace X with", "switch from X to", "move off X",
 * "X → instead of X", "rather than X", "no longer X", "drop X" (English; up to 60 characters, to
 * the clause's end). The value such a sentence takes is the other one.
 */
const DROPPED =
  /\breplac\w*\s+(.{1,60}?)\s+(?:with|by|for)\b|\bswitch\w*\s+(?:\w+\s+)?from\s+(.{1,60}?)\s+to\b|\b(?:instead\s+of|rather\s+than|no\s+longer(?:\s+us\w*)?|away\s+from|off|drop\w*)\s+(.{1,60}?)(?=[,.;:!?)]|\s+(?:and|but|to|for|with|because|since)\b|$)/gi;

/** The values ({@link valuesOf}) a revision in `text` drops ({@link DROPPED}). */
export function droppedValues(text: string): Set<string> {
  const dropped = new Set<string>();
  for (const match of text.matchAll(DROPPED)) {
    const object = match[1] ?? match[2] ?? match[3] ?? "";
    // valuesOf reads names after a lower-case word: the object is read in the sentence's frame.
    for (const value of valuesOf(`x ${object}`)) dropped.add(value);
  }
  return dropped;
}

/** `text` names `value` (one of {@link valuesOf}) as a word of its own, in any case. */
function names(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<!\\w)${escaped}${/\w$/.test(value) ? "(?!\\w)" : ""}`, "i").test(text);
}

/**
 * `newer` takes what `older` states and drops only values `older` never names ("Supabase Auth
 * supports magic links", then "we're replacing Clerk with Supabase Auth"): the older proposed the
 * choice; it is not revised by it. `dropped`: the newer's {@link droppedValues}; `added`: the
 * newer's values the older's {@link valuesOf} lacks.
 */
function adopts(
  older: RankedMessage,
  dropped: ReadonlySet<string>,
  added: readonly string[],
): boolean {
  const text = older.observation.text;
  return (
    dropped.size > 0 &&
    added.some((value) => dropped.has(value)) &&
    added.every((value) => dropped.has(value) || names(text, value)) &&
    ![...dropped].some((value) => names(text, value))
  );
}

/** `b` is the assistant's reply right after `a`: it restates or answers `a`, it does not revise it. */
function isReplyTo(a: RankedMessage, b: RankedMessage): boolean {
  const [x, y] = [a.observation, b.observation];
  return y.role === "assistant" && y.chatId === x.chatId && y.messageId === x.messageId + 1;
}

/**
 * A question states no value: nothing for a later message to revise, nor a revision of an earlier
 * one ("what about X?" asks whether to change; BEAM-100K dev: such newer sides were false pairs).
 */
function asksOnly(item: RankedMessage): boolean {
  return item.observation.text.trim().endsWith("?");
}

/**
 * Time order: ISO timestamps compare as strings (an unknown time, null, as the oldest); message
 * ids break ties.
 */
function isOlder(a: RankedMessage, b: RankedMessage): boolean {
  const [x, y] = [a.observation.createdAt ?? "", b.observation.createdAt ?? ""];
  return x < y || (x === y && a.observation.messageId < b.observation.messageId);
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
  const { supersedePool, subjectTerms, subjectOverlap } = config.parameters;
  const pool = ranked.slice(0, supersedePool);
  const values = new Map(pool.map((item) => [item, valuesOf(item.observation.text)]));
  // Once per message, not per pair: the pool's 12 messages make 132 ordered pairs.
  const dropped = new Map(pool.map((item) => [item, droppedValues(item.observation.text)]));
  const weights = [...subject.weights];
  const mass = (terms: typeof weights) => terms.reduce((sum, [, weight]) => sum + weight, 0);
  const found: { pair: Supersession; added: string[]; strength: number }[] = [];
  for (const a of pool) {
    for (const b of pool) {
      if (a === b || !isOlder(a, b) || isReplyTo(a, b) || asksOnly(a) || asksOnly(b)) continue;
      const shared = weights.filter(([term]) => a.vector.tf.has(term) && b.vector.tf.has(term));
      const either = weights.filter(([term]) => a.vector.tf.has(term) || b.vector.tf.has(term));
      if (shared.length === 0 || shared.length < Math.min(subjectTerms, weights.length)) continue;
      if (mass(shared) / mass(either) < subjectOverlap) continue;
      const pair = { older: a, newer: b, subject: shared.map(([term]) => term) };
      const valuesA = values.get(a) as Set<string>;
      const added = [...(values.get(b) as Set<string>)].filter((value) => !valuesA.has(value));
      // The person's later value revises their own earlier one: a value replaced, or named beside
      // its replacement ("off Supabase Storage to Cloudflare R2"; a first value where the older
      // stated none is no change). Anyone else's only with an explicit revision cue.
      const revised =
        REVISION_CUE.test(b.observation.text) ||
        (own(pair) &&
          ((valuesA.size > 0 && added.length > 0) ||
            NEGATION.test(a.observation.text) !== NEGATION.test(b.observation.text)));
      // Crispest first: both about the subject (local scores), the newer changing few values — an
      // unrelated message sharing the subject words brings many (BEAM-100K dev, questions with a
      // gold pair in the pool: ranked first in 29 of 49, by fused relevance in 23).
      const strength = (a.score + b.score) / (1 + Math.log1p(added.length));
      if (revised && !adopts(a, dropped.get(b) as Set<string>, added)) {
        found.push({ pair, added, strength });
      }
    }
  }
  // Adoption is agreement: when the newer revises a statement older still and every value it
  // changes that one to is already in the older side (proposed, then taken: "Valkey can hold the
  // cache", then "replace Memcached with Valkey"), the older side agrees with it.
  const kept = found.filter(({ pair: { older, newer } }) =>
    found.every(
      (other) =>
        other.pair.newer !== newer ||
        !isOlder(other.pair.older, older) ||
        other.added.length === 0 ||
        !other.added.every((value) => names(older.observation.text, value)),
    ),
  );
  // The person's own statements first: what changes is what they said (a deadline, a count, "I've
  // never …"); an assistant reply mostly restates the turn it answers.
  kept.sort((x, y) => Number(own(y.pair)) - Number(own(x.pair)) || y.strength - x.strength);
  return kept.map(({ pair }) => pair);
}

/** Both sides are the person's own messages. */
function own(pair: Supersession): boolean {
  return pair.older.observation.role === "user" && pair.newer.observation.role === "user";
}
