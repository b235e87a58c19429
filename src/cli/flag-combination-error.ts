import { InvalidInputError } from "../errors/recollect-error.js";

/**
 * A flag given with the wrong company: it `needs` another flag that was not given (`--before`
 * without `--around`), or it `excludes` one that was (`--offset` with `--around`). `argument` is
 * the flag typed, `other` the flag it needs or excludes, `allowed` the whole rule ("--before with
 * --around"); `reason` says why, in the message only. Kind `invalid_input` (exit 2). The message
 * states the rule in those words, e.g. "--before needs --around: it counts the messages before
 * that one." — never "expected …", which reads wrong for a rule about two flags.
 */
export class FlagCombinationError extends InvalidInputError {
  readonly other: string;
  readonly rule: "needs" | "excludes";
  constructor(options: {
    readonly flag: string;
    readonly rule: "needs" | "excludes";
    readonly other: string;
    readonly reason: string;
  }) {
    const { flag, rule, other, reason } = options;
    super(flag, rule === "needs" ? `${flag} with ${other}` : `${flag} without ${other}`);
    this.name = "FlagCombinationError";
    this.other = other;
    this.rule = rule;
    this.message = `${flag} ${rule === "needs" ? "needs" : "cannot be combined with"} ${other}: ${reason}.`;
  }
}
