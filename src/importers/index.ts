/** Public seam of the importers: real chat-history formats into the store. */
export {
  type DatedChat,
  type DatedTurn,
  importedChatFromDatedTurns,
} from "./dated-chat.js";
export { detectFormat } from "./detect-format.js";
export {
  type FileImportResult,
  type FormatImportTotals,
  type ImportFailure,
  type ImportPathsOptions,
  type ImportProgressEvent,
  type ImportReport,
  importPaths,
} from "./import-paths.js";
export {
  type AppHint,
  IMPORT_FORMATS,
  type ImportedChat,
  type ImportedMessage,
  type ImportFormat,
} from "./imported-chat.js";
export { type ChatToWrite, type WriteCounts, writeChats } from "./write-chats.js";
