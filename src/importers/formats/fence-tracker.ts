/**
 * Markdown code-fence state for line-by-line parsers (SpecStory, aider). A fence opens on a run of
 * ≥ 3 backticks or tildes (after ≤ 3 spaces of indent) and closes on a run of the same character,
 * at least as long, followed by nothing, by a space or by a tag: real exports glue text to the
 * closing run (SpecStory writes "```</details></think>"). Lines inside a fence are content: role headers and
 * separators there must not split turns (FORMATS.md § 1.2).
 */
export interface FenceTracker {
  /** Feeds one line; returns true when the line is inside a fence or is a fence marker. */
  readonly push: (line: string) => boolean;
  readonly isOpen: () => boolean;
  /** Forces the "outside any fence" state (a structural marker proved the fence was never closed). */
  readonly reset: () => void;
}

/** Creates a tracker in the "outside any fence" state. */
export function createFenceTracker(): FenceTracker {
  let open: { char: string; length: number } | null = null;
  return {
    push(line) {
      const match = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
      if (open === null) {
        if (!match) return false;
        const run = match[1]!;
        const info = match[2]!;
        // A backtick fence's info string cannot contain a backtick (CommonMark). A run followed by a
        // space and prose ("``` The feed now…") is a mangled close from an export, not an opener.
        if (run[0] === "`" && info.includes("`")) return false;
        if (/^\s+\S/.test(info)) return false;
        open = { char: run[0]!, length: run.length };
        return true;
      }
      if (match && match[1]![0] === open.char && match[1]!.length >= open.length) {
        // Exporters glue text to a fence close ("```</details></think>", "``` The feed now…");
        // only a word right after the run ("```bash") marks a nested opener, which stays content.
        const rest = match[2]!;
        if (rest.trim() === "" || /^\s|^</.test(rest)) open = null;
      }
      return true;
    },
    isOpen: () => open !== null,
    reset() {
      open = null;
    },
  };
}
