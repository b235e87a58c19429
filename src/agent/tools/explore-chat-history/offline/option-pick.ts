/**
 * The option a person picked by its label: a proposal lists "(a) turn confirmation off" and
 * "(b) keep confirmation on", and the reply says only "b option and ok then start next". Quoting
 * the proposal's best-matching sentence showed option (a), the one not taken (eagerminds, a
 * newcomer's "did we keep email confirmation on or turn it off?"); the quote is the picked option's
 * item instead. English; labels are one letter a–e or one digit 1–5. Pure.
 */
import { escapeRegExp } from "../../../../text/escape-reg-exp.js";

/**
 * A reply that picks by label: "option b", "b option", "Option 2", "(b)", "go with b", or a reply
 * that is the label alone ("B.", "b please"). The label is group 1–4, whichever matched.
 */
const PICK =
  /\boption\s*\(?([a-e1-5])\)?(?![\w-])|(?<![\w-])\(?([a-e1-5])\)?\s+option\b|\bgo\s+(?:with|for)\s+(?:option\s+)?\(([a-e1-5])\)|^\s*\(?([a-e1-5])\)?\s*(?:[.!]|please\b|$)/i;

/**
 * The label `reply` picks (lower-case), or null when it picks none. Only a reply's first 200
 * characters are read: a pick is said up front.
 */
export function pickedOption(reply: string): string | null {
  const match = PICK.exec(reply.slice(0, 200));
  if (!match) return null;
  const label = match[1] ?? match[2] ?? match[3] ?? match[4];
  return label === undefined ? null : label.toLowerCase();
}

/**
 * The line of `text` that opens the item labelled `label` ("- **(b) Keep confirmation on** — set
 * …", "2. Keep it", "Option B: keep it"), whitespace collapsed; null when no line does. A list
 * marker and emphasis may come before the label. A heading that names the option ("## Fix Option
 * 1: Update docker-compose.yaml") comes before a numbered item: "1." also numbers the points of
 * the problem a proposal lays out before its options (HaaV, "do option 1 for me").
 */
export function optionLine(text: string, label: string): string | null {
  const tag = escapeRegExp(label);
  const lines = text.split("\n");
  const heading = new RegExp(String.raw`^\s*#{1,6}\s.*\boption\s+${tag}\b`, "i");
  const opens = new RegExp(
    String.raw`^\s*(?:[-*•]\s+)?(?:[*_]{1,2})?(?:\(${tag}\)|${tag}[.):]|option\s+${tag}\b)`,
    "i",
  );
  const line =
    lines.find((candidate) => heading.test(candidate)) ??
    lines.find((candidate) => opens.test(candidate));
  return line === undefined
    ? null
    : line
        .replace(/^\s*#{1,6}\s+/, "")
        .replace(/\s+/g, " ")
        .trim();
}
