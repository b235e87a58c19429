import { APICallError } from "ai";
import {
  AbortedError,
  ProviderError,
  type RecollectError,
  toRecollectError,
} from "../../errors/recollect-error.js";

/**
 * Classifies anything the model stream or a tool threw: Recollect errors as they are, aborts as
 * `AbortedError`, provider HTTP failures as `ProviderError` (429 → `rate_limited`), the rest
 * `internal`. Messages carry the provider's status text, never prompt or archival text.
 */
export function classifyTurnError(error: unknown, signal?: AbortSignal): RecollectError {
  if (signal?.aborted) return new AbortedError();
  if (APICallError.isInstance(error)) {
    return new ProviderError(`The model endpoint failed: ${error.message}`, {
      cause: error,
      statusCode: error.statusCode,
    });
  }
  return toRecollectError(error);
}
