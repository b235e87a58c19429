/**
 * Decision and reversal language: finds sentences that record a choice ("we decided", "let's go
 * with", "switch to", "replace X with Y", "no longer", "going forward", "I recommend … Option B",
 * "yes, go with option b") and names what was chosen and what was dropped. Pure.
 */
import { mentionIndex } from "./topic-profile.js";

/**
 * - `decision`: a choice stated as made ("we decided", "we'll use", "going forward").
 * - `reversal`: a change of an earlier choice ("switch to", "instead of", "no longer", "replace").
 * - `recommendation`: proposed, not yet approved ("I recommend", "I suggest", "Option B is best").
 * - `approval`: a user accepting a proposal ("yes, go with option b", "sounds good, do it").
 * - `completion`: the choice reported as done or as the current state ("X now runs entirely on
 *   Y", "Y is live", "we now use Y", "completed the switch"): the newest word on a decision.
 */
export type DecisionKind = "decision" | "reversal" | "recommendation" | "approval" | "completion";

interface Cue {
  readonly kind: DecisionKind;
  readonly pattern: RegExp;
}

/**
 * Checked in order; the first match names the kind. Explicit reversals first (they are what recall
 * misses), then approvals, decisions, "instead of", recommendations.
 */
const CUES: readonly Cue[] = [
  {
    kind: "reversal",
    pattern: /\bswitch(?:ed|ing)?\s+(?:\w+\s+){0,3}?(?:over\s+)?(?:from\s+[^.,;]{1,40}?\s+)?to\b/i,
  },
  {
    kind: "reversal",
    pattern: /\bmigrat(?:e|ed|ing)\s+(?:\w+\s+){0,3}?(?:from\s+[^.,;]{1,40}?\s+)?to\b/i,
  },
  { kind: "reversal", pattern: /\breplac(?:e|ed|ing)\s+[^.;]{1,60}?\s+with\b/i },
  { kind: "reversal", pattern: /\bno\s+longer\b/i },
  { kind: "reversal", pattern: /\bmov(?:e|ed|ing)\s+away\s+from\b/i },
  {
    kind: "reversal",
    pattern:
      /\b(?:drop|ditch|remov|rip(?:ped)?\s+out)(?:ped|ed|ing|e)?\s+(?:the\s+)?\w+\s+(?:in\s+favou?r\s+of|for)\b/i,
  },
  { kind: "reversal", pattern: /\bchanged?\s+(?:our|my|the)\s+mind\b/i },
  // "moving off Vercel to AWS", "move recipe photos off Supabase Storage to R2".
  {
    kind: "reversal",
    pattern:
      /\bmov(?:e|ed|ing)\s+(?:[^.;]{1,60}?\s+)?(?:off|away\s+from|from)\s+[^.;]{1,60}?\s+to\b/i,
  },
  { kind: "reversal", pattern: /\bmov(?:e|ed|ing)\s+off\b/i },
  { kind: "reversal", pattern: /^\s*(?:dropping|drop|ditching|ditch|removing|retiring)\b/i },
  {
    kind: "approval",
    pattern:
      /^\s*(?:yes|yeah|yep|ok(?:ay)?|sure|sounds\s+good|great|perfect|agreed|approved?|lgtm)\b[^.?]{0,40}?\b(?:go\s+(?:ahead\s+)?with|let'?s|do|use|option|proceed|that)\b/i,
  },
  // A bare "Option B please" — short, no colon, so a proposal's "Option A: Clerk …" line is not one.
  {
    kind: "approval",
    pattern: /^\s*(?:let'?s\s+(?:go\s+with|do)\s+)?option\s+[a-d1-4]\b[^:]{0,24}$/i,
  },
  {
    kind: "decision",
    pattern: /\b(?:we|i)(?:'ve|\s+have)?\s+(?:decided|agreed|settled|chose|chosen|picked|went)\b/i,
  },
  { kind: "decision", pattern: /\bdecided\s+(?:on|to|that|against)\b/i },
  { kind: "decision", pattern: /\bdecision\s*(?:is|was|:)/i },
  // Assistants record outcomes as labelled lines: "Recorded: …", "Set up: …", "Noted: …".
  {
    kind: "decision",
    pattern:
      /^\s*(?:recorded|noted|set|set\s+up|implemented|decided|agreed|confirmed|done|fix|fixed|rule|schema\s+rule|policy|plan|final|update|updated)\s*:/i,
  },
  { kind: "decision", pattern: /\blet'?s\s+(?:go\s+with|use|stick\s+with|keep|do)\b/i },
  {
    kind: "decision",
    pattern:
      /\b(?:we|i)(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to)\s+(?:use|go\s+with|stick\s+with|keep)\b/i,
  },
  { kind: "decision", pattern: /\b(?:going\s+forward|from\s+now\s+on)\b/i },
  // Current state and completion: what a "what did we decide" question needs once a plan was carried out.
  {
    kind: "completion",
    pattern:
      /\b(?:now|currently)\s+(?:runs?|running|lives?|uses?|using|sits?|goes|handled|hosted|served|backed|powered|stored|deployed|on)\b/i,
  },
  {
    kind: "completion",
    pattern: /\b(?:is|are|went|go(?:es)?)\s+(?:now\s+)?live\b|\b(?:entirely|fully)\s+on\b/i,
  },
  {
    kind: "completion",
    pattern:
      /\bcomplet(?:e|ed)\s+the\s+(?:\w+\s+)?(?:switch|migration|move|cutover|rollout)\b|\b(?:migration|switch|move|cutover|rollout)\s+(?:is\s+|was\s+)?(?:now\s+)?(?:done|complete|completed|finished)\b/i,
  },
  { kind: "decision", pattern: /\bstick(?:ing)?\s+with\b/i },
  { kind: "decision", pattern: /\bgo(?:ing)?\s+with\b/i },
  { kind: "decision", pattern: /\b(?:we|i)(?:'ll|\s+will)\s+\w+/i },
  // Last among choices: "use X instead of Y" is a decision with a dropped alternative.
  { kind: "reversal", pattern: /\binstead\s+of\b/i },
  {
    kind: "recommendation",
    pattern: /\bI\s+(?:would\s+|'d\s+)?(?:strongly\s+)?(?:recommend|suggest|propose)\b/i,
  },
  {
    kind: "recommendation",
    pattern: /\b(?:recommended|recommendation|best\s+option|best\s+choice)\b/i,
  },
  {
    kind: "recommendation",
    pattern: /\boption\s+[a-d1-4]\b[^.]{0,40}\b(?:best|recommended|ideal)\b/i,
  },
];

/** A decision cue found in a sentence. */
export interface DecisionCue {
  readonly kind: DecisionKind;
  /** Char offset where the cue starts in the sentence. */
  readonly index: number;
  /** Char offset just past the cue. */
  readonly end: number;
}

/** The first decision cue in `sentence`, or null. */
export function findDecisionCue(sentence: string): DecisionCue | null {
  for (const cue of CUES) {
    const match = cue.pattern.exec(sentence);
    if (match) return { kind: cue.kind, index: match.index, end: match.index + match[0].length };
  }
  return null;
}

/** Splits text into sentences / lines, trimmed, empty ones dropped, each ≤ 400 chars. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^[\s>*#\-•\d.)]+/, "").trim())
    .filter((sentence) => sentence.length > 0)
    .map((sentence) => sentence.slice(0, 400));
}

/** What a decision sentence chose and dropped, among the given candidate entity names. */
export interface Choice {
  readonly chosen: string | null;
  readonly rejected: string | null;
}

const DROP_CUE = /^\s*(?:dropping|drop|ditching|ditch|removing|retiring)\b/i;

/** The words a "Dropping …" cue drops, up to the next punctuation, without a leading article. */
function droppedPhrase(sentence: string, cue: DecisionCue): string {
  const rest = sentence.slice(cue.end).split(/[:;,.(]/)[0] ?? "";
  return rest
    .trim()
    .replace(/^(?:the|our|a|an)\s+/i, "")
    .slice(0, 60);
}

const REJECT_BEFORE_CHOSEN = /\b(?:from|off|away\s+from|replac(?:e|ed|ing))\s+/i;

/**
 * Names the chosen and rejected option in `sentence`. "replace X with Y" / "switch from X to Y" /
 * "Y instead of X" / "no longer X" are read by position; otherwise the first entity after the cue
 * is chosen (else the first in the sentence).
 */
export function extractChoice(
  sentence: string,
  cue: DecisionCue,
  entities: readonly string[],
): Choice {
  const positions = entities
    .map((entity) => ({ entity, index: mentionIndex(sentence, entity) }))
    .filter((item) => item.index >= 0)
    // Longer names first at the same position ("Supabase Auth" over "Supabase").
    .sort((a, b) => a.index - b.index || b.entity.length - a.entity.length);
  const found: Array<{ entity: string; index: number }> = [];
  for (const item of positions) {
    const previous = found.at(-1);
    if (previous && item.index < previous.index + previous.entity.length) continue;
    found.push(item);
  }
  if (found.length === 0) {
    return DROP_CUE.test(sentence.slice(cue.index, cue.end))
      ? { chosen: null, rejected: droppedPhrase(sentence, cue) || null }
      : { chosen: null, rejected: null };
  }
  const insteadOf = /\binstead\s+of\b/i.exec(sentence);
  if (insteadOf) {
    const before = found.filter((item) => item.index < insteadOf.index).at(-1);
    const after = found.find((item) => item.index > insteadOf.index);
    return { chosen: before?.entity ?? null, rejected: after?.entity ?? null };
  }
  const noLonger = /\bno\s+longer\b/i.exec(sentence);
  if (noLonger && cue.kind === "reversal") {
    const after = found.find((item) => item.index > noLonger.index);
    return { chosen: null, rejected: after?.entity ?? null };
  }
  const afterCue = found.filter((item) => item.index >= cue.index);
  if (DROP_CUE.test(sentence.slice(cue.index, cue.end))) {
    // "Dropping the battle pass: …" drops what follows the verb; a named option after it is chosen.
    const dropped = droppedPhrase(sentence, cue);
    const chosen = found.find((item) => item.index >= cue.end + dropped.length);
    return { chosen: chosen?.entity ?? null, rejected: dropped || null };
  }
  if (cue.kind === "reversal" && REJECT_BEFORE_CHOSEN.test(sentence.slice(cue.index, cue.end))) {
    // "replace X with Y", "switch from X to Y": X is inside the cue, Y after it.
    const inside = afterCue.find((item) => item.index < cue.end);
    const beyond = afterCue.find((item) => item.index >= cue.end);
    return { chosen: beyond?.entity ?? null, rejected: inside?.entity ?? null };
  }
  if (found.length >= 2) {
    // Migration phrasing names the target after "into"/"to" ("export Clerk users, import them
    // into Supabase Auth") and the source after "from"/"off"/"export".
    const before = (item: { index: number }) =>
      sentence.slice(Math.max(0, item.index - 16), item.index);
    const target = found.find((item) => /\b(?:into|onto|to)\s+(?:the\s+)?$/i.test(before(item)));
    const source = found.find((item) =>
      /\b(?:from|off|export|exporting)\s+(?:the\s+)?$/i.test(before(item)),
    );
    if (target)
      return {
        chosen: target.entity,
        rejected: source && source !== target ? source.entity : null,
      };
  }
  const chosen = afterCue[0] ?? found[0];
  return { chosen: chosen?.entity ?? null, rejected: null };
}

/** Sentence-initial and common capitalized words that never name a product or option. */
const NOT_NAMES: ReadonlySet<string> = new Set(
  "i i'll i'd i've ok okay yes no then the a an we we'll our it its this that these those let's lets so and but or if for on in at to of by with from after before when while also set recorded noted plan fix rule note update done next first second third finally option options step steps phase today tomorrow monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december q1 q2 q3 q4 eu us uk ui api app apps ai not how what why where when which who whose nothing everything add use keep make move switch ship drop remove put send show try check update change rename delete create build run write call save target cap good great nice thanks perfect sure name all any each every none must should".split(
    " ",
  ),
);

/**
 * Product-like names in `sentence` when no known entity matched: capitalized or mixed-case words
 * and short runs of them ("ECharts", "OpenSkill", "AWS eu-central-1" → "AWS"), skipping
 * {@link NOT_NAMES} and the sentence's first word — unless `includeFirst` is true, or `"auto"` and
 * the sentence is short (≤ 6 words: "Recharts for all charts then.") or starts "Name:" / "Name,".
 * In order of appearance, distinct.
 */
export function namedThings(
  sentence: string,
  options: { includeFirst?: boolean | "auto" } = {},
): string[] {
  const out: string[] = [];
  const start = sentence.search(/\S/);
  // "auto": a short sentence ("Recharts for all charts then.") or a leading "Name:" / "Name," is an answer.
  const includeFirst =
    options.includeFirst === "auto"
      ? sentence.trim().split(/\s+/).length <= 6 || /^\s*[\p{L}\p{N}.+-]+\s*[:,]/u.test(sentence)
      : options.includeFirst === true;
  const pattern =
    /(?<![\p{L}\p{N}.])(\p{Lu}[\p{L}\p{N}]*(?:[.+-][\p{L}\p{N}]+)*(?:\s+\p{Lu}[\p{L}\p{N}]*)?)/gu;
  for (const match of sentence.matchAll(pattern)) {
    let name = match[1] ?? "";
    if (match.index === start && !includeFirst) {
      // The first word is capitalized anyway; keep only a following name ("Replacing Elo" → "Elo").
      const rest = name.split(/\s+/).slice(1).join(" ");
      if (!rest) continue;
      name = rest;
    }
    // "React-friendly", "K-factor", "eu-central-1" are descriptions, not names ("Weng-Lin" is).
    if (/-\p{Ll}/u.test(name) || /-\d/.test(name) || /^[A-Z]\d{1,2}$/.test(name)) continue;
    const first = name.split(/\s+/)[0]?.toLowerCase() ?? "";
    if (NOT_NAMES.has(first) || name.length < 2) continue;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * Whether `sentence` says nothing was chosen ("no provider chosen", "not decided yet", "we
 * haven't picked", "parked", "TBD"). For a "which did we choose" question that is no answer.
 */
export function saysUndecided(sentence: string): boolean {
  return /\b(?:no\s+(?:\w+\s+){0,2}(?:chosen|picked|selected|decided|signed)|not\s+(?:yet\s+)?(?:decided|chosen|picked|signed|committed)|(?:haven'?t|have\s+not|didn'?t|did\s+not)\s+(?:yet\s+)?(?:decide|decided|choose|chosen|pick|picked|sign|signed|commit)|undecided|no\s+decision|tbd|to\s+be\s+decided|parked|on\s+hold|out\s+of\s+scope|not\s+planned|no\s+plans?\s+to)\b/i.test(
    sentence,
  );
}
