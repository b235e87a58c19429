import { RecollectError } from "../../errors/recollect-error.js";

/** The error kind `promise` rejects with, `resolved` when it does not, or why it is unclassified. */
export async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return RecollectError.isInstance(error) ? error.kind : `unclassified: ${String(error)}`;
  }
}
