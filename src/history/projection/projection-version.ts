/**
 * Version of the projection rules in this folder. Bump it whenever `projectMessage()` would produce
 * different text for some stored message: on start the indexer compares it with the version it last
 * indexed with and re-queues every message (DESIGN.md § Index, start-up repair).
 */
export const PROJECTION_VERSION = 15;
// 2: an assistant turn carrying a history-tool card projects to one label (self-ingestion).
// 3: assistant markup removal repeats until stable (a removed tag can uncover a fence).
// 4: `<private>…</private>` spans are removed (any case, attributes, nested, unclosed to the end).
// 5: a user turn answered by a history-tool card projects to one label (self-ingestion of questions).
// 6: such a user turn keeps its clauses that are not questions (a decision stated beside the question).
// 7: such a user turn that asks no question drops the clause the history tool's question repeats
//    (an imperative "remind me…" no longer takes the statements beside it along).
// 8: a turn that is never evidence (history answer, history question, a fixed reply Recollect
//    wrote) projects to no text at all, not to a label whose words were indexed; its index row
//    carries no title either.
// 9: a chat title Recollect made (every web chat's: its first message, or set_chat_summary's) is
//    indexed on no row; a user turn answered by Recollect's notice to a recall question it could
//    not explore (migration 010) is a history question.
// 10: a `<private>` span whose tags an export escaped as entities (`&lt;private&gt;…`) is removed
//     after decoding, as a typed one is.
// 11: entities are decoded only for a source whose text is entity-escaped (SpecStory); a JSONL,
//     Claude Code, web… message's literal `&lt;b&gt;` is indexed and read as written. A private
//     span with escaped tags is cut in every source.
// 12: terminal escape sequences are removed whole (`\x1b[32m` no longer leaves "32m" to index).
// 13: an assistant turn's recall-request marker (its prompt was put to Recollect after other
//     steps of the agent) is removed from its text; the prompt before it is a history question.
// 14: a fenced `diff` block closes only at a fence at the line start: an indented fence is a
//     context line of the diffed file, and closing there turned the prose after the block into code.
// 15: a terminal escape sequence between two word characters leaves a space ("cooldown" and
//     "RED" of `cooldown\x1b[31mRED` stay two words).
