/** Read seam: `readChat()` and its input rules. */
export {
  type CitedMessage,
  type CitedMessageState,
  citedMessageRead,
  citedMessageState,
  citedStateInRead,
} from "./cited-message-state.js";
export { readChat } from "./read-chat.js";
export { MAX_READ_MESSAGE_CHARS, type ReadExtent } from "./read-extent.js";
export {
  DEFAULT_READ_LIMIT,
  DEFAULT_READ_NEIGHBOURS,
  MAX_READ_LIMIT,
  MAX_READ_NEIGHBOURS,
  MAX_READ_OFFSET,
  parseReadInput,
  READ_OFFSET_ALLOWED,
  type ValidReadInput,
} from "./read-input.js";
