/**
 * Test helpers: Gemini CLI session files shaped like the real recordings (field names and record
 * kinds of the CLI's chat recording, written here; no real session is copied). Both layouts hold
 * the same conversation about a rate limiter, with the CLI's own info line, a tool call, a thought
 * part and an `@file` prompt whose `displayContent` is what the person typed.
 */

/** The session id both fixtures use. */
export const GEMINI_SESSION_ID = "7f3c9a52-1b4e-4d8a-9f60-2c5e8b1a7d34";
/** A SHA-256-shaped project hash (the CLI hashes the project root). */
export const GEMINI_PROJECT_HASH = "a".repeat(64);

const at = (second: number) => `2026-03-02T09:00:${String(second).padStart(2, "0")}.000Z`;

const messages = [
  { id: "m1", timestamp: at(5), type: "info", content: "Gemini CLI update available" },
  {
    id: "m2",
    timestamp: at(10),
    type: "user",
    content: [
      { text: "Add a rate limiter to @src/api.ts" },
      { text: "--- Content from referenced files ---\nexport const api = 1;" },
    ],
    displayContent: [{ text: "Add a rate limiter to @src/api.ts" }],
  },
  {
    id: "m3",
    timestamp: at(20),
    type: "gemini",
    content: "",
    toolCalls: [
      {
        id: "read_file-1",
        name: "read_file",
        args: { absolute_path: "/home/dana/shop/src/api.ts" },
        result: [
          { functionResponse: { id: "read_file-1", name: "read_file", response: { output: "x" } } },
        ],
        status: "success",
        timestamp: at(21),
      },
    ],
    thoughts: [{ subject: "Reading", description: "Looking at the API", timestamp: at(19) }],
    tokens: { input: 900, output: 20, cached: 0, thoughts: 10, tool: 0, total: 930 },
    model: "gemini-2.5-pro",
  },
  {
    id: "m4",
    timestamp: at(30),
    type: "gemini",
    content: [
      { text: "Weighing token bucket against fixed window", thought: true },
      { text: "Use a token bucket: 10 requests a second per key." },
    ],
    model: "gemini-2.5-pro",
  },
  { id: "m5", timestamp: at(40), type: "user", content: "Agreed, token bucket it is." },
];

/** The older layout: one pretty-printed JSON document. */
export function geminiLegacySession(): string {
  return JSON.stringify(
    {
      sessionId: GEMINI_SESSION_ID,
      projectHash: GEMINI_PROJECT_HASH,
      startTime: at(0),
      lastUpdated: at(40),
      messages,
    },
    null,
    2,
  );
}

/**
 * The newer JSON Lines layout with the same outcome: a first reply later rewritten under the same
 * id, a rewound dead end, and `$set` updates (a summary, `lastUpdated`).
 */
export function geminiRecordedSession(): string {
  const lines: unknown[] = [
    {
      sessionId: GEMINI_SESSION_ID,
      projectHash: GEMINI_PROJECT_HASH,
      startTime: at(0),
      lastUpdated: at(0),
      kind: "main",
    },
    messages[0],
    messages[1],
    { $set: { lastUpdated: at(10) } },
    { ...messages[2], toolCalls: [] },
    messages[2],
    messages[3],
    { id: "dead-1", timestamp: at(35), type: "user", content: "Actually use Redis for it" },
    { id: "dead-2", timestamp: at(36), type: "gemini", content: "Redis adds a service to run." },
    { $rewindTo: "dead-1" },
    messages[4],
    { $set: { summary: "Token bucket rate limiter for the API", lastUpdated: at(40) } },
  ];
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}
