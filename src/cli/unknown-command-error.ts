/**
 * A command name the program does not have (`recollect expolre`, `recollect settings frob`): an
 * invalid-input error that lists every command allowed at that level and, when one is close to
 * what was typed, suggests it. Built from the program's own command list, so the list never drifts.
 */
import type { Command } from "commander";
import { InvalidInputError } from "../errors/recollect-error.js";

/**
 * How many single-character edits (insert, delete, substitute, swap two neighbours) turn `from`
 * into `to`: the optimal-string-alignment distance.
 */
export function editDistance(from: string, to: string): number {
  const rows = from.length + 1;
  const cols = to.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = from[i - 1] === to[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[from.length]![to.length]!;
}

/** The detail of an unknown-name error: what was typed, and the closest known name if any. */
export function receivedDetail(received: string, suggestion: string | null): string {
  return `got ${JSON.stringify(received)}${suggestion ? `; did you mean ${suggestion}?` : ""}`;
}

/**
 * The candidate closest to `typed`, when it is within a third of `typed`'s length in edits (at
 * least one): a typo, not another word. Ties keep the earlier candidate; null when none is close.
 */
export function closestName(typed: string, candidates: readonly string[]): string | null {
  const bound = Math.max(1, Math.floor(typed.length / 3));
  let best: string | null = null;
  let bestDistance = bound + 1;
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** An unknown command: `received` is what was typed, `suggestion` the close command or null. */
export class UnknownCommandError extends InvalidInputError {
  readonly received: string;
  readonly suggestion: string | null;
  /** `parent` is the command whose subcommands were expected (the root program, or e.g. `settings`). */
  constructor(parent: Command, received: string) {
    const names = parent
      .createHelp()
      .visibleCommands(parent)
      .map((command) => command.name());
    const suggestion = closestName(received, names);
    const where = parent.parent ? `${parent.name()} command` : "command";
    super(where, `one of ${names.join(", ")}`, receivedDetail(received, suggestion));
    this.name = "UnknownCommandError";
    this.received = received;
    this.suggestion = suggestion;
  }
}
