/**
 * The `card.failed.kind.*` copy key for an error's kind: one of the classified kinds, or
 * `internal` for a kind this build does not know (a newer server, a stored card). Pure.
 */
import { RECOLLECT_ERROR_KINDS, type RecollectErrorKind } from "../../errors/recollect-error.js";

/** `kind` when it is a known {@link RecollectErrorKind}, else `"internal"`. */
export function failureKind(kind: string): RecollectErrorKind {
  return (RECOLLECT_ERROR_KINDS as readonly string[]).includes(kind)
    ? (kind as RecollectErrorKind)
    : "internal";
}
