/**
 * An option the command does not have (`recollect apps --limit 3`, `recollect read --chta 2`): an
 * invalid-input error that lists every option the command takes (its own and the global ones) and,
 * when one is close to what was typed, suggests it. Built from the program's own option lists.
 */
import type { Command } from "commander";
import { InvalidInputError } from "../errors/recollect-error.js";
import { closestName, receivedDetail } from "./unknown-command-error.js";

/** Long flags (short ones where there is no long) of `command` and every command above it. */
function optionFlags(command: Command): string[] {
  const flags: string[] = [];
  for (let level: Command | null = command; level !== null; level = level.parent) {
    for (const option of level.createHelp().visibleOptions(level)) {
      const flag = option.long ?? option.short;
      if (flag !== undefined && !flags.includes(flag)) flags.push(flag);
    }
  }
  return flags;
}

/** An unknown option: `received` is the flag as typed, `suggestion` a close flag or null. */
export class UnknownOptionError extends InvalidInputError {
  readonly received: string;
  readonly suggestion: string | null;
  /** `command` is the command that was given the option (e.g. `read`). */
  constructor(command: Command, received: string) {
    const flags = optionFlags(command);
    const suggestion = received.startsWith("--") ? closestName(received, flags) : null;
    const where = command.parent ? `option of ${command.name()}` : "option";
    super(where, `one of ${flags.join(", ")}`, receivedDetail(received, suggestion));
    this.name = "UnknownOptionError";
    this.received = received;
    this.suggestion = suggestion;
  }
}
