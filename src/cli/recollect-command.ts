/**
 * commander's `Command` whose usage errors are Recollect's classified errors: a missing option or
 * argument, an option without its value, an unknown option and too many arguments each throw an
 * {@link InvalidInputError} naming the option or argument and what is allowed, so the CLI prints
 * them like every other invalid input (`Invalid --app: expected …`, exit 2; with `--json` the same
 * `{"error": {kind, argument, allowed, …}}` object). commander reports these through methods it
 * calls on the command being parsed (commander 14, `lib/command.js`); overriding them keeps the
 * typed `Option` instead of parsing commander's sentence back. `unknown-command-error.test.ts`
 * runs each case through the real executable, so a commander upgrade that renames one fails there.
 */
import { Command, type Option } from "commander";
import { InvalidInputError } from "../errors/recollect-error.js";
import { plural } from "../text/plural.js";
import { refuseOptionsAsValues } from "./option-as-value.js";
import { UnknownOptionError } from "./unknown-option-error.js";

/** The commander settings the overridden checks honour, as commander stores them. */
interface CommanderSettings {
  readonly _allowUnknownOption?: boolean;
  readonly _allowExcessArguments?: boolean;
}

/** The flag a person types for `option`: its long form, else its short one. */
/** The command as a person types it after `recollect`: "apps", "index rebuild". */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}

function typedFlag(option: Option): string {
  return option.long ?? option.short ?? option.flags;
}

/** A command (the root program and, through {@link createCommand}, every subcommand). */
export class RecollectCommand extends Command {
  /** Subcommands made by `.command(name)` are RecollectCommands too. */
  override createCommand(name?: string): Command {
    return new RecollectCommand(name);
  }

  /**
   * The root program first refuses an option whose value is another option (`--app --json`),
   * naming the option that lacked it, before commander takes the option as the value.
   * @throws OptionValueMissingError (see `option-as-value.ts`).
   */
  override parseOptions(args: string[]): { operands: string[]; unknown: string[] } {
    if (this.parent === null) refuseOptionsAsValues(this, args);
    return super.parseOptions(args);
  }

  /**
   * A `requiredOption` that was not given. commander checks these before unknown options, but
   * `read --app A --chta 2` is a typo of the required `--chat`: an unknown option among the
   * arguments is reported first, with its suggestion.
   * @throws UnknownOptionError for the first unknown option; else InvalidInputError naming `option`.
   */
  missingMandatoryOptionValue(option: Option): never {
    const end = this.args.indexOf("--");
    const unknown = (end === -1 ? this.args : this.args.slice(0, end)).find(
      (arg) => arg.startsWith("-") && arg !== "-",
    );
    if (unknown !== undefined && !(this as CommanderSettings)._allowUnknownOption) {
      throw new UnknownOptionError(this, unknown);
    }
    throw new InvalidInputError(typedFlag(option), option.flags, "a required option, not given");
  }

  /** An option given without the value it takes (`--app` last). @throws InvalidInputError. */
  optionMissingArgument(option: Option): never {
    throw new InvalidInputError(typedFlag(option), option.flags, "its value is missing");
  }

  /** A required argument that was not given. @throws InvalidInputError (`<name>`, its description). */
  missingArgument(name: string): never {
    const argument = this.registeredArguments.find((candidate) => candidate.name() === name);
    throw new InvalidInputError(
      `<${name}>`,
      argument?.description || `a value for <${name}>`,
      "a required argument, not given",
    );
  }

  /** An option this command does not have. @throws UnknownOptionError listing the ones it has. */
  unknownOption(flag: string): void {
    if ((this as CommanderSettings)._allowUnknownOption) return;
    throw new UnknownOptionError(this, flag);
  }

  /** More arguments than the command takes. @throws InvalidInputError (`arguments`). */
  _excessArguments(received: readonly string[]): void {
    if ((this as CommanderSettings)._allowExcessArguments) return;
    const expected = this.registeredArguments;
    const takes =
      expected.length === 0
        ? "no arguments"
        : `${plural(expected.length, "argument")}: ${expected.map((argument) => `<${argument.name()}>`).join(" ")}`;
    // `explore --app A what did we decide` is the usual cause: several words meant as one.
    const quote =
      expected.length === 1 && !expected[0]!.variadic ? "; quote text of several words" : "";
    throw new InvalidInputError(
      `arguments of ${commandPath(this)}`,
      takes,
      `got ${received.length}${quote}`,
    );
  }
}
