/**
 * A tool call whose `arguments` carry names the tool's input schema does not declare: refused as
 * invalid input on `arguments`, naming the unknown names (quoted and escaped like every echoed
 * value, `errors/quoted-value.ts`) and every argument the tool takes, with the closest one when a
 * single unknown name looks like a typo of it, or else shares its words with it alone.
 */
import { escapeUnsafe, quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import { closestNames } from "../text/edit-distance.js";
import { nameSharingWords } from "../text/name-words.js";

/** At most this many unknown names are echoed (the rest are counted): a client's typo, not a dump. */
const MAX_ECHOED_NAMES = 5;
/** Longest echoed name, characters; a longer one is cut and ends in `…`. */
const MAX_ECHOED_NAME_CHARS = 64;

function echoed(name: string): string {
  const characters = [...name];
  return characters.length > MAX_ECHOED_NAME_CHARS
    ? `${characters.slice(0, MAX_ECHOED_NAME_CHARS).join("")}…`
    : name;
}

/** The accepted name `typed` most likely meant, or null (see `suggestion`). */
function suggestionFor(typed: string, accepted: readonly string[]): string | null {
  return closestNames(typed, accepted, 1)[0] ?? nameSharingWords(typed, accepted);
}

/** See the module doc. `argument` is `arguments`; `allowed` lists the accepted names. */
export class UnknownToolArgumentsError extends InvalidInputError {
  /**
   * The first {@link MAX_ECHOED_NAMES} unknown names, each ≤ {@link MAX_ECHOED_NAME_CHARS}
   * characters, control and bidirectional characters written as `\u{HEX}`.
   */
  readonly unknown: readonly string[];
  /** Every argument the tool declares, in its schema's order. */
  readonly accepted: readonly string[];
  /**
   * The accepted name a single unknown name is a typo of (`querry` → `query`), else the one whose
   * words contain its words or are contained in them (`message_id` → `around_message_id`), else
   * null.
   */
  readonly suggestion: string | null;
  /** `unknown`: the undeclared names as they arrived (at least one); `accepted`: the declared ones. */
  constructor(unknown: readonly string[], accepted: readonly string[]) {
    const shown = unknown.slice(0, MAX_ECHOED_NAMES).map(echoed);
    const more = unknown.length - shown.length;
    const suggestion = unknown.length === 1 ? suggestionFor(unknown[0] as string, accepted) : null;
    super(
      "arguments",
      accepted.length > 0 ? `only ${accepted.join(", ")}` : "no arguments",
      `got unknown ${shown.map(quotedValue).join(", ")}${more > 0 ? ` and ${more} more` : ""}${suggestion ? `; did you mean ${suggestion}?` : ""}`,
    );
    this.name = "UnknownToolArgumentsError";
    this.unknown = shown.map((name) => escapeUnsafe(name));
    this.accepted = accepted;
    this.suggestion = suggestion;
  }
}
