import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";

/**
 * A `recollect settings get|set KEY VALUE` argument that is not allowed. `argument` is which of
 * the two is wrong (`key` or `value`); `key` is the setting key as given, `received` the text
 * given for the wrong argument (the key itself when the key is wrong), `allowed` what would be
 * accepted. Kind `invalid_input` (exit 2). The message names the given text, never a placeholder.
 */
export class InvalidSettingError extends InvalidInputError {
  readonly key: string;
  readonly received: string;

  /** `detail` says why `received` was refused when more than "not allowed" (e.g. "it is not JSON"). */
  constructor(
    argument: "key" | "value",
    key: string,
    received: string,
    allowed: string,
    detail?: string,
  ) {
    super(argument, allowed, detail);
    this.name = "InvalidSettingError";
    this.key = key;
    this.received = received;
    this.message =
      argument === "key"
        ? `Unknown setting ${quotedValue(key)}: the key must be ${allowed}.`
        : `Invalid value ${quotedValue(received)} for setting ${key}: expected ${allowed}${detail ? ` (${detail})` : ""}.`;
  }
}
