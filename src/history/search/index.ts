/** Search seam: `searchChats()` and its pure query-building parts. */
export { buildFtsMatch, type FtsMatchInput, quoteFtsString } from "./build-fts-query.js";
export { extractTerms, MAX_QUERY_TERMS, type QueryTerms } from "./extract-terms.js";
export { MAX_EXCERPT_CHARS, makeExcerpt } from "./make-excerpt.js";
export { MAX_INDEX_WAIT_MS, searchChats } from "./search-chats.js";
export {
  DEFAULT_SEARCH_LIMIT,
  MAX_QUERY_CHARS,
  MAX_SEARCH_LIMIT,
  parsePersonSearchInput,
  parseSearchInput,
  type ValidSearchInput,
} from "./search-input.js";
