/**
 * A command name the program does not have (`recollect expolre`, `recollect settings frob`): an
 * invalid-input error that lists every command allowed at that level and, when one is close to
 * what was typed, suggests it. Built from the program's own command list, so the list never drifts.
 */
import type { Command } from "commander";
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import { closestNames } from "../text/edit-distance.js";

/** The detail of an unknown-name error: what was typed, and the closest known name if any. */
export function receivedDetail(received: string, suggestion: string | null): string {
  return `got ${quotedValue(received)}${suggestion ? `; did you mean ${suggestion}?` : ""}`;
}

/**
 * The candidate closest to `typed`, when it is within a third of `typed`'s length in edits (at
 * least one): a typo, not another word. Ties keep the earlier candidate; null when none is close.
 */
export function closestName(typed: string, candidates: readonly string[]): string | null {
  return closestNames(typed, candidates, 1)[0] ?? null;
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
