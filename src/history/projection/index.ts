/** Projection seam: the cleaned, bounded, redacted searchable text of a message. */

export { removePrivateSpans } from "./private-spans.js";
export {
  carriesHistoryCard,
  HISTORY_ANSWER_LABEL,
  MAX_PROJECTION_CHARS,
  MAX_PROJECTION_INPUT_CHARS,
  type Projection,
  type ProjectionInput,
  projectMessage,
} from "./project-message.js";
export { PROJECTION_VERSION } from "./projection-version.js";
export { readView } from "./read-view.js";
export { REDACTED, redactCredentials } from "./redact-credentials.js";
export { visibleText } from "./visible-text.js";
