/**
 * An option given without its value, followed by another of the command's options: commander
 * takes the next word as the value whatever it is, so `read --chat --around 3` read "--around" as
 * the chat id and `explore --app --json auth` read "auth" as the app (the root program takes
 * `--json` wherever it appears) and then blamed the missing <question>. The person left a value
 * out; the error names the option that lacked it. The check walks argv once, before commander
 * parses, through the same command tree commander will dispatch on; a value that is not one of the
 * command's options (`--app -x`, a negative number) is still taken as given, and `--app=--json`
 * says plainly that the value is `--json`.
 */
import type { Command, Option } from "commander";
import { InvalidInputError } from "../errors/recollect-error.js";

/** The options of `command` and every command above it (help included), nearest first. */
function optionsInScope(command: Command): Option[] {
  const options: Option[] = [];
  for (let level: Command | null = command; level !== null; level = level.parent) {
    options.push(...level.options, ...level.createHelp().visibleOptions(level));
  }
  return options;
}

/** The option `word` names in `scope` (`--app`, `-h`, or `--app=…`), else undefined. */
function optionNamed(scope: readonly Option[], word: string): Option | undefined {
  const flag = /^--[^=]+=/.test(word) ? word.slice(0, word.indexOf("=")) : word;
  return scope.find((option) => option.long === flag || option.short === flag);
}

/** The subcommand of `command` called `word`, else undefined. */
function subcommandNamed(command: Command, word: string): Command | undefined {
  return command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
}

/** A value-taking option whose next word is another of the command's options. */
export class OptionValueMissingError extends InvalidInputError {
  /** The option that came where the value should be, as typed (e.g. `--json`). */
  readonly received: string;
  /** `option` lacked its value; `received` came in its place. */
  constructor(option: Option, received: string) {
    super(
      option.long ?? option.short ?? option.flags,
      option.flags,
      `its value is missing: ${received} is an option`,
    );
    this.name = "OptionValueMissingError";
    this.received = received;
  }
}

/**
 * Refuses `args` (argv after node and script) when an option that requires a value is followed by
 * one of the options in scope of the command being parsed (or by `--`). Subcommands are followed
 * as commander dispatches them: the first operand of a command that has subcommands names one.
 * @throws OptionValueMissingError for the first such option.
 */
export function refuseOptionsAsValues(root: Command, args: readonly string[]): void {
  let command = root;
  let scope = optionsInScope(root);
  let operands = 0;
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word === "--") return;
    const option = optionNamed(scope, word);
    if (option !== undefined) {
      if (!option.required || word.includes("=")) continue;
      const next = args[index + 1];
      if (next !== undefined && (next === "--" || optionNamed(scope, next) !== undefined)) {
        throw new OptionValueMissingError(option, next);
      }
      index++;
      continue;
    }
    if (word.startsWith("-")) continue;
    const sub = operands === 0 ? subcommandNamed(command, word) : undefined;
    if (sub === undefined) {
      operands++;
      continue;
    }
    command = sub;
    scope = optionsInScope(sub);
    operands = 0;
  }
}
