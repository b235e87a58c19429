/**
 * Passage retrieval inside one long message: which stretch of it a bounded read shows when the
 * reader says what it is looking for (`read_chat`'s `focus`). A coding agent's turn can hold a
 * whole task's narration, and the sentence that settles a question ("I recommend MailerLite for
 * … due to its …") may sit past the first 2,400 chars a bounded read shows of it. The stretch is
 * a fixed-length window (fixed-length passages: Kaszkiel & Zobel, SIGIR 1997) starting at a line
 * or sentence start, scored by the idf-weighted distinct focus terms it holds, as the host's
 * evidence excerpts pick a sentence (`sentence-excerpt.ts`). Pure and deterministic.
 */

import { truncateChars } from "../projection/normalize-text.js";
import { contentTerms } from "../text/content-terms.js";
import { familyZipf } from "../text/word-frequency.js";

/** Mark at a window's cut ends: text of the message lies beyond it. */
export const CUT_MARK = "…";

/**
 * Chars of the window the best stretch's first matching segment is placed after, so the turn's
 * lead-in to it ("Based on the research, …") is shown too: a sixth of the 2,400-char read bound.
 */
const LEAD_CHARS = 400;

/**
 * A focus word is a name when everyday English says it less often than this (family Zipf,
 * SUBTLEX-US): "mailerlite" (absent, 0) and "remix" (2.5) are; "deploy" (3.4), "render" (3.4),
 * "work" (6.4) are not.
 */
const NAME_ZIPF = 3;

interface Segment {
  readonly start: number;
  readonly terms: ReadonlySet<string>;
}

const SEGMENT_START = /(^|\n+|(?<=[.!?])\s+)(?=\S)/g;

/**
 * A code identifier joined by underscores ("SENTRY_AUTH_TOKEN"): it names a variable, and a
 * question's word inside it ("auth") is no statement about the subject.
 */
const IDENTIFIER = /[\p{L}\p{N}]*_[\p{L}\p{N}_]*/gu;

/** Line and sentence starts of `text`, each with the focus terms of the text up to the next. */
function segmentsOf(text: string, focus: ReadonlySet<string>): Segment[] {
  const starts = new Set<number>([0]);
  for (const match of text.matchAll(SEGMENT_START))
    starts.add((match.index ?? 0) + match[0].length);
  const sorted = [...starts].filter((start) => start < text.length).sort((a, b) => a - b);
  return sorted.map((start, i) => {
    const end = sorted[i + 1] ?? text.length;
    const prose = text.slice(start, end).replace(IDENTIFIER, " ");
    const terms = contentTerms(prose).map(({ term }) => term);
    return { start, terms: new Set(terms.filter((term) => focus.has(term))) };
  });
}

/**
 * `text` cut to at most `maxChars` chars around the stretch that best matches `focusText`: the
 * window, starting at a line or sentence start, whose distinct focus terms (index terms,
 * `contentTerms`) have the highest sum of ln(1 + N / df) over the N segments; among equal windows
 * the head of the message when it is one of them, else the one whose weightiest term first occurs
 * nearest {@link LEAD_CHARS} into it. A window not at the head starts with {@link CUT_MARK}, and
 * one that ends before the text does ends with it; both count within `maxChars`. The plain head
 * cut (`truncateChars`) when the text fits, when `focusText` has no terms, when no window
 * matches better than the head, or when the head already holds a focus name (a word everyday
 * English says at family Zipf below {@link NAME_ZIPF}) or the better window holds none.
 *
 * @param maxChars the read bound, ≥ 16 (e.g. 2,400, `MAX_READ_MESSAGE_CHARS`).
 */
export function focusWindow(
  text: string,
  focusText: string,
  maxChars: number,
): { readonly text: string; readonly truncated: boolean } {
  const head = truncateChars(text, maxChars);
  if (!head.truncated) return head;
  const focusTerms = contentTerms(focusText);
  const focus = new Set(focusTerms.map(({ term }) => term));
  if (focus.size === 0) return head;
  const segments = segmentsOf(text, focus);
  const df = new Map<string, number>();
  for (const segment of segments)
    for (const term of segment.terms) df.set(term, (df.get(term) ?? 0) + 1);
  const weight = (term: string) => Math.log(1 + segments.length / (df.get(term) ?? 1));
  const span = maxChars - 2 * CUT_MARK.length;
  const windowAt = (i: number) => {
    const start = segments[i]?.start ?? 0;
    const held = new Set<string>();
    // Where the window's weightiest term first occurs: the stretch it is chosen for.
    let anchor = { at: start, weight: 0 };
    for (let j = i; j < segments.length; j += 1) {
      const segment = segments[j];
      if (segment === undefined || segment.start >= start + span) break;
      for (const term of segment.terms) {
        held.add(term);
        if (weight(term) > anchor.weight + 1e-9)
          anchor = { at: segment.start, weight: weight(term) };
      }
    }
    let score = 0;
    for (const term of held) score += weight(term);
    return { start, held, score, lead: Math.abs(anchor.at - start - LEAD_CHARS) };
  };
  const first = windowAt(0);
  // Only a name moves the cut, and only when the head holds none: everyday words ("work",
  // "maintainers") are as likely in the turn's own gist at its head as in a stretch further in,
  // and focus names are often alternatives (a kind's "posthog plausible vercel"): a head naming
  // one is already on the subject (coding-histories dev: "We'll use PostHog … instead of
  // Plausible" lost its head to a later "Vercel's edge network"). Checked before the windows are
  // scanned: with no name, or a head naming one, no window can move the cut.
  const names = new Set(
    focusTerms.filter(({ word }) => familyZipf(word) < NAME_ZIPF).map(({ term }) => term),
  );
  if (names.size === 0 || [...first.held].some((term) => names.has(term))) return head;
  let best = first;
  for (let i = 1; i < segments.length; i += 1) {
    const window = windowAt(i);
    // Between equally good later windows, the one with the better lead-in.
    const tied = Math.abs(window.score - best.score) <= 1e-9 && best !== first;
    if (window.score > best.score + 1e-9 || (tied && window.lead < best.lead)) best = window;
  }
  const gains = [...best.held].some((term) => names.has(term));
  if (best === first || !gains) return head;
  const rest = truncateChars(text.slice(best.start), span);
  return {
    text: `${CUT_MARK}${rest.text}${rest.truncated ? CUT_MARK : ""}`,
    truncated: true,
  };
}
