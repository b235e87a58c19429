/** Public seam of the importers: real chat-history formats into the store. */
export {
  type DatedChat,
  type DatedTurn,
  importedChatFromDatedTurns,
} from "./dated-chat.js";
export { type DecodedText, decodeText, type TextEncoding } from "./decode-text.js";
export { detectFileFormat, detectFormat } from "./detect-format.js";
export { type DetectionHead, readDetectionHead } from "./detection-head.js";
export type { ImportFormatModule } from "./format-module.js";
export {
  detectFormatModule,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMAT_MODULES,
  IMPORT_FORMATS,
  type ImportFormat,
} from "./format-registry.js";
export {
  type FileImportResult,
  type FormatImportTotals,
  type ImportFailure,
  type ImportPathsOptions,
  type ImportProgressEvent,
  type ImportReport,
  type ImportRun,
  importPaths,
  type SkippedPath,
  type SkipReason,
  startImport,
} from "./import-paths.js";
export type { AppHint, ImportedChat, ImportedMessage } from "./imported-chat.js";
export {
  type ParsedImportFile,
  parseImportBytes,
  parseImportFile,
} from "./parse-import-file.js";
export {
  combineExclusions,
  createPathExclusion,
  type ExclusionAnchors,
  NO_EXCLUSION,
  type PathExclusion,
} from "./path-exclusion.js";
export { settingsExclusion } from "./settings-exclusion.js";
export {
  type ChatToWrite,
  type WriteCounts,
  type WriteMode,
  type WriteResult,
  writeChats,
} from "./write-chats.js";
