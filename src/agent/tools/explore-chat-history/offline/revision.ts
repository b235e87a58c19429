/**
 * An established revision: what the report may call a conflict. Pairing messages that share the
 * question's words and differ in a number or a name (the pipeline before generation 32) mostly
 * paired two statements on one topic (conflict precision 0.08 on BEAM-100K, 0.02 on
 * coding-histories). A pair is a revision only when the newer turn itself turns away from a value the older one states
 * ("not planning on using Plausible … Posthog instead", "replace sql.js with localStorage",
 * "switch from port 3000") and names a value the older lacks, and the two are different
 * statements. Anything less is shown in time order, never labelled. Pure.
 */
import { contentTerms } from "../../../../history/text/content-terms.js";
import { familyZipf } from "../../../../history/text/word-frequency.js";
import type { Observation } from "./run-state.js";

/**
 * A clause that turns away from what follows it: replace, switch/move/migrate (…) from or off, instead of,
 * rather than, no longer, stop/stopped using, drop/remove/get rid of, a negated use or plan ("not
 * planning on using", "won't use", "don't need"). English; the object runs to the clause's punctuation
 * or its next conjunction ("removing the Plausible script and then set up PostHog" drops Plausible).
 * "Removes", "replaces" and "drops" say what a thing does ("a `session delete` command, which
 * removes the record from the session db"), not that anyone turned away: a newcomer's check saw
 * that request labelled a revision of the `session start` command's.
 */
const TURN_AWAY =
  /\b(?:replac(?!es\b)\w*|(?:switch|mov|migrat)\w*(?:\s+\w+){0,3}?\s+(?:away\s+from|from|off)|instead\s+of|rather\s+than|no\s+longer|stop(?:ped)?\s+using|drop(?!s\b)\w*|remov(?!es\b)\w*|get\s+rid\s+of|(?:not|never|won't|don't|do\s+not|will\s+not)\s+(?:\w+\s+){0,3}?(?:us(?!ed\s+to\b)\w*|need\w*|want\w*|keep\w*|go\w*\s+with))\b(.{1,80}?)(?=[,.;:!?)\n]|\s+(?:and|but|then|so|to|with|for|because|since|in\s+favou?r)\b|$)/gi;

/**
 * A number or a token that starts with a digit ("3600", "2.5", "090D22"), or a hex
 * colour ("#090D22", "#fff"): the values a setting takes.
 */
const NUMBER = /#[0-9A-Fa-f]{3,8}\b|\b\d[\w.,:/-]*\b/g;
const NAME = /(?<=[a-z,;] )[A-Z][\w.+-]*[a-zA-Z]/g;

/** Numbers and mid-sentence capitalised names of `text`: the "values" a statement asserts. */
export function valuesOf(text: string): Set<string> {
  return new Set([
    ...(text.match(NUMBER) ?? []),
    ...(text.match(NAME) ?? []).map((name) => name.toLowerCase()),
  ]);
}

/** "not" right before a name ("Not Inquirer.", "not Clerk", "not 3000"): case matters here. */
const NOT_NAME = /\b[Nn]ot\s+([A-Z@\d][\w@./+-]*)/g;

/**
 * A word rare in everyday English (family Zipf below this, SUBTLEX-US via `familyZipf`) names a
 * thing — a library, a host, a file — rather than saying something about it: "plausible" (3.2),
 * "vite" (2.5), "posthog" (unlisted, 0), not "database" (3.8) or "port" (4.2).
 */
const NAME_ZIPF = 3.5;

/** The value words of `text`: numbers, mid-sentence capitalised names and rare words, lower-cased. */
export function valueWords(text: string): Set<string> {
  const words = new Set([...valuesOf(text)].map((value) => value.toLowerCase()));
  for (const match of text.matchAll(/\p{L}[\p{L}\p{N}_.+-]*\p{L}|\p{L}{2}/gu)) {
    const word = match[0].toLowerCase();
    if (familyZipf(word) < NAME_ZIPF) words.add(word);
  }
  return words;
}

/** The value words `text` turns away from ({@link TURN_AWAY} clauses, {@link NOT_NAME}). */
export function turnedAwayFrom(text: string): Set<string> {
  const dropped = new Set<string>();
  for (const object of objectsOf(text)) {
    for (const word of valueWords(`x ${object}`)) dropped.add(word);
  }
  return dropped;
}

/**
 * A thing said not to exist or not to work ("so `asChild` doesn't exist", "Inquirer isn't
 * supported under Bun"): the word before the negation, a name in backticks or not.
 */
const NOT_THERE =
  /`?([\w@./+-]+)`?\s+(?:doesn't|does\s+not|isn't|is\s+not|won't|will\s+not|can't|cannot)\s+(?:exist|work|be\s+used|available|supported)\b/gi;

/**
 * The objects of `text`'s turn-away clauses ({@link TURN_AWAY}, {@link NOT_NAME}, {@link NOT_THERE}),
 * trimmed; a turn-away in a sentence that reports a bug ({@link reportsBug}) is none. An older
 * turn that says "`asChild` doesn't exist" is not revised by a newer "instead of `asChild`"
 * (eagerminds: a false conflict between two turns both saying Base UI, not Radix).
 */
function objectsOf(text: string): string[] {
  const matches = [
    ...[...text.matchAll(TURN_AWAY)].filter((match) => !reportsBug(text, match.index)),
    ...text.matchAll(NOT_NAME),
    ...text.matchAll(NOT_THERE),
  ];
  return matches.map((match) => (match[1] ?? "").trim());
}

/**
 * Words that make a sentence a report of what is wrong, not a decision: "The issue is that I'm
 * still using `playerData.length` instead of the actual `total_games`" names what the code should
 * use, and turns away from nothing anyone chose.
 */
const BUG_STATE =
  /\b(?:still|(?:issue|problem|bug)\s+(?:is|was)|wrongly|mistakenly|by\s+mistake|accidentally)\b/i;

/**
 * The sentence of `text` holding the turn-away clause at `at` (from the last ". ", "! ", "? " or
 * line break before it) says before the clause what is wrong ({@link BUG_STATE}). A grown coding
 * set (league_analyzer) showed that sentence as the newer side of a conflict with a pasted debug log.
 */
function reportsBug(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const start = Math.max(
    before.lastIndexOf(". "),
    before.lastIndexOf("! "),
    before.lastIndexOf("? "),
    before.lastIndexOf("\n"),
  );
  return BUG_STATE.test(before.slice(start + 1));
}

/** `text`'s index terms in order, space-separated and space-padded, for phrase lookups. */
function termLine(text: string): string {
  return ` ${contentTerms(text)
    .map((item) => item.term)
    .join(" ")} `;
}

/**
 * The turn-away objects of `newer` of two or more index terms that `older` says word for word
 * ("switching from session cookies to Clerk" after "let's go with session cookies"): a phrase the
 * older states is a value even when its words are everyday ones.
 */
function droppedPhrases(newer: string, older: string): string[] {
  const line = termLine(older);
  return objectsOf(newer)
    .map((object) => termLine(object).trim())
    .filter((phrase) => phrase.includes(" ") && line.includes(` ${phrase} `));
}

/**
 * Characters of the newer turn read for a turn-away: a revision is said up front ("Understood.
 * We'll use PostHog instead of Plausible."), while a coding agent's long narration further on
 * removes and replaces things on every line (coding-histories dev: most false conflicts).
 */
const LEAD_CHARS = 300;

/**
 * A tool's slash command opening a person's turn ("/drop Models/Product.cs", "/code use Clack"
 * in aider): it names what the tool does, not what was decided. "/drop" removes files from the
 * chat's context; read as "drop", it made a newcomer's "which standard did we model the Product
 * class on?" lead with "/drop Controllers\CatalogController.cs Models\Product.cs" as the newer
 * statement. What follows the command ("use Clack") is read as usual.
 */
const SLASH_COMMAND = /^\s*\/[a-z][\w-]*(?=\s|$)/i;

/**
 * What follows the {@link SLASH_COMMAND} that opens `text` ("" for a bare "/code"), or null when
 * no command opens it. Pure.
 */
export function afterSlashCommand(text: string): string | null {
  const command = SLASH_COMMAND.exec(text);
  return command === null ? null : text.slice(command[0].length);
}

/**
 * The part of a newer turn read for a turn-away: its first {@link LEAD_CHARS} characters, without
 * an opening {@link SLASH_COMMAND}.
 */
export function revisionLead(text: string): string {
  return (afterSlashCommand(text) ?? text).slice(0, LEAD_CHARS);
}

/**
 * A person's reply that says the turn it answers is wrong or did not work: "Consistent, but
 * wrong.", "Still incorrect.", "the duplicate nav isn't actually resolved yet", "this approach
 * isn't working", "the drag and drop doesn't seem to be working", "No, we use pnpm". English;
 * read in the reply's lead ({@link revisionLead}),
 * where a person says it.
 */
const REJECTION = new RegExp(
  [
    String.raw`\b(?:that['’]s|that\s+is|this\s+is|it['’]s|it\s+is|but|still)\s+(?:\w+\s+)?(?:wrong|incorrect|not\s+(?:right|correct))\b`,
    String.raw`\b(?:isn['’]t|is\s+not|wasn['’]t|was\s+not|hasn['’]t\s+been|has\s+not\s+been|aren['’]t|are\s+not)\s+(?:actually\s+|really\s+)?(?:resolved|fixed|working|solved|right|correct)\b`,
    String.raw`\b(?:didn['’]t|did\s+not|doesn['’]t|does\s+not|don['’]t|do\s+not)\s+(?:seem\s+to\s+(?:be\s+)?|actually\s+)?(?:work(?:ing)?|fix|help|solve|resolve)\b`,
    String.raw`\bstill\s+(?:broken|failing|there|present|happening|not\s+(?:working|fixed|resolved))\b`,
    String.raw`^\s*no\s*[,.!]`,
  ].join("|"),
  "i",
);

/**
 * The sentence of `reply`'s lead ({@link revisionLead}) in which a person says the turn it answers
 * is wrong or did not work ({@link REJECTION}): "the duplicate nav isn't actually resolved yet";
 * null when it says no such thing. Sentences end at . ! ? or a line break.
 */
export function rejectionSentence(reply: string): string | null {
  const lead = revisionLead(reply);
  const match = REJECTION.exec(lead);
  if (!match) return null;
  const start = Math.max(
    ...[".", "!", "?", "\n"].map((mark) => lead.lastIndexOf(mark, match.index - 1)),
  );
  const rest = lead.slice(match.index + match[0].length).search(/[.!?\n]/);
  const end = rest < 0 ? lead.length : match.index + match[0].length + rest;
  return lead.slice(start + 1, end);
}

/**
 * An assistant taking back what it said earlier in the chat: "my previous fix wasn't complete",
 * "the error persists because", "the real issue is", "that was not the actual cause". English;
 * read in the lead ({@link revisionLead}). Agreement ("You're absolutely right!") and apologies
 * are left out: a coding agent says them to every new request (focuslab, coding-histories dev:
 * three false conflicts, each leading its report).
 */
const SELF_CORRECTION = new RegExp(
  [
    String.raw`\bmy\s+(?:previous|earlier|last|first)\s+(?:fix|change|attempt|answer|diagnosis)\s+(?:was|wasn['’]t|did)`,
    String.raw`\bi\s+was\s+wrong\b`,
    String.raw`\b(?:error|issue|problem)\s+(?:still\s+)?persists\b`,
    String.raw`\b(?:real|actual|root)\s+(?:issue|problem|cause)\s+(?:is|was|here)\b`,
    String.raw`\bnot\s+(?:the\s+)?(?:real|actual)\s+(?:issue|problem|cause)\b`,
  ].join("|"),
  "i",
);

/**
 * `newer` is an assistant turn that takes back an earlier assistant turn of the same chat
 * ({@link SELF_CORRECTION} in its lead): a debugging chat's later diagnosis ("The 'file is not a
 * database' error persists because … likely a corrupted IndexedDB cache") revises the earlier
 * one ("the database file is missing!") without naming what it turns away from, so
 * {@link establishesRevision} cannot see it. Time order and the shared subject are the caller's.
 */
export function correctsEarlier(older: Observation, newer: Observation): boolean {
  return (
    older.chatId === newer.chatId &&
    older.role === "assistant" &&
    newer.role === "assistant" &&
    !asksOnly(older) &&
    SELF_CORRECTION.test(revisionLead(newer.text))
  );
}

/**
 * Text with case and spacing folded: two pastes of one prompt compare equal (index terms would
 * not do: they drop "2" and "3" of "2:00" and "3:00").
 */
function normalized(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/** A turn that only asks (its text ends in a question mark) states nothing; pure. */
export function asksOnly(observation: Observation): boolean {
  return /[?？]\s*$/.test(observation.text.trim());
}

/**
 * `newer` revises `older`: both state something (neither only asks), they are not the same text,
 * and `newer` (in its first {@link LEAD_CHARS}) turns away from a value `older` states (not one
 * `older` itself turns away from; or a phrase `older` says word for word, {@link droppedPhrases})
 * while naming one `older` lacks, and `older` names none of the
 * names the newer's lead goes to (adoption; `isSubject` words, the question's own, both share by
 * construction and do not count). Time order is
 * the caller's.
 */
export function establishesRevision(
  older: Observation,
  newer: Observation,
  isSubject: (word: string) => boolean = () => false,
): boolean {
  if (asksOnly(older) || asksOnly(newer)) return false;
  if (normalized(older.text) === normalized(newer.text)) return false;
  // What the older says it turns away from itself is no value it states ("not Plausible, PostHog
  // instead", then "PostHog instead of Plausible": the two agree).
  const olderDropped = turnedAwayFrom(older.text);
  const olderValues = new Set(
    [...valueWords(older.text)].filter((word) => !olderDropped.has(word)),
  );
  const lead = revisionLead(newer.text);
  const dropped = [...turnedAwayFrom(lead)].filter((word) => olderValues.has(word));
  const phrases = olderDropped.size > 0 ? [] : droppedPhrases(lead, older.text);
  if (dropped.length === 0 && phrases.length === 0) return false;
  // Adoption: an older turn that already names where the newer goes (a name of the newer's lead
  // besides what it drops: "Plan: export Clerk users into Supabase Auth", then "Removed Clerk; auth
  // runs on Supabase Auth") was heading there too. The two agree.
  const names = (text: string) => new Set([...valuesOf(text)].map((value) => value.toLowerCase()));
  const olderNames = names(older.text);
  const goes = [...names(lead)].filter((name) => !dropped.includes(name) && !isSubject(name));
  if (goes.some((name) => olderNames.has(name) && olderValues.has(name))) return false;
  return [...valueWords(newer.text)].some((word) => !olderValues.has(word));
}
