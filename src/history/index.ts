/**
 * `history/` seam (DESIGN.md § Layers): projection, the FTS5 index and its indexer, and the two
 * typed retrieval primitives with their bounded JSON serializations.
 */
export * from "./indexer/index.js";
export * from "./port/index.js";
export * from "./projection/index.js";
export * from "./read/index.js";
export * from "./search/index.js";
export * from "./serialize/index.js";
export type * from "./types.js";
