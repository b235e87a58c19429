/**
 * What of a stored text may leave the store for a person or a model: the raw text with its
 * `<private>` spans removed and credentials redacted — the two privacy steps of the projection
 * (`projectMessage`), without its other cleaning, so a chat view still shows code, tool output and
 * markup. Every read path that returns stored message text or a chat title uses this or the
 * projection (docs/SYNC.md § Privacy on every read path): the web app's chat view and chat lists,
 * the primary agent's view of earlier messages, `recollect chats`; `read_chat`, `recollect read`,
 * search excerpts and MCP evidence resources return projections.
 */
import { removePrivateSpans } from "./private-spans.js";
import { redactCredentials } from "./redact-credentials.js";

/**
 * `text` with every `<private>…</private>` span removed (any case, with attributes; unclosed runs
 * to the end) and credential-shaped strings replaced by `[REDACTED]`. Pure, idempotent, linear in
 * the input length.
 */
export function visibleText(text: string): string {
  return redactCredentials(removePrivateSpans(text));
}
