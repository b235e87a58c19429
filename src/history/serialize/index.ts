/** JSON serialization of retrieval results under their byte bounds. */
export {
  boundReadResult,
  MAX_READ_RESULT_BYTES,
  serializeReadResult,
} from "./bound-read-result.js";
export {
  boundSearchResult,
  MAX_SEARCH_RESULT_BYTES,
  serializeSearchResult,
} from "./bound-search-result.js";
export { jsonBytes } from "./json-bytes.js";
