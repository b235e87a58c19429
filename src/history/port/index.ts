/** The history port and its embedded SQLite backend (issue 32). */
export * from "./history-port.js";
export * from "./routed-retrieval.js";
export * from "./sqlite-history-port.js";
