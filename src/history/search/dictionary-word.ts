/**
 * Whether a query word is a correctly spelled English word, from the `an-array-of-english-words`
 * list (~275,000 words with their inflections). Spelling correction only corrects non-words
 * (Kukich 1992, "Techniques for automatically correcting words in text": non-word errors are the
 * ones a dictionary detects): a real word the app never uses ("voice", "bank") is a question about
 * something the history lacks, and "correcting" it into a near word the app holds ("void", "back")
 * would turn an honest no-match into a false answer.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** `"` and `,` as bytes: the list's file is `["a","aa",…]`, sorted, lower-case ASCII words. */
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;

let file: Buffer | null = null;

/**
 * The list's file as bytes, read on first use (3.4 MB, one read) and binary-searched in place, as
 * look(1) searches a sorted word file: parsing it into 275,000 strings cost 121–168 ms CPU per
 * process (measured on the 2 shared cores), reading it costs a few. Empty when the file is not the
 * expected shape (then no word is a dictionary word, and correction stays app-checked).
 */
function dictionaryBytes(): Buffer {
  if (file === null) {
    const bytes = readFileSync(createRequire(import.meta.url).resolve("an-array-of-english-words"));
    const shaped = bytes.length >= 4 && bytes[0] === OPEN_BRACKET && bytes[1] === QUOTE;
    file = shaped ? bytes : Buffer.alloc(0);
  }
  return file;
}

/**
 * The first entry whose opening `"` (after `[` or `,`) is at or after byte `at`, as the
 * `[start, end)` of its letters (`end` is its closing `"`); null when none is.
 */
function entryAt(bytes: Buffer, at: number): [number, number] | null {
  let open = Math.max(at, 1);
  while (open < bytes.length) {
    const before = bytes[open - 1];
    if (bytes[open] === QUOTE && (before === COMMA || before === OPEN_BRACKET)) break;
    open++;
  }
  const end = open < bytes.length ? bytes.indexOf(QUOTE, open + 1) : -1;
  return end < 0 ? null : [open + 1, end];
}

/** True when lower-case `word` is in the English word list. Never throws. */
export function isDictionaryWord(word: string): boolean {
  if (!/^[a-z]+$/.test(word)) return false;
  const bytes = dictionaryBytes();
  const target = Buffer.from(word, "latin1");
  // The word, if listed, opens at a byte in [low, high): entries opening before `low` sort
  // before it, entries opening at or after `high` after it.
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const entry = entryAt(bytes, middle);
    if (entry === null || entry[0] - 1 >= high) {
      high = middle;
      continue;
    }
    const order = bytes.compare(target, 0, target.length, entry[0], entry[1]);
    if (order === 0) return true;
    if (order < 0) low = entry[1] + 1;
    else high = middle;
  }
  return false;
}
