/**
 * Version of what the format parsers store of a history file. Bump it whenever a parser in
 * `formats/` would store different messages for a file it has already read: `recollect sync`
 * remembers the version each file was read with (`source_files.parser_version`) and reads a file
 * read by another version again from its start, making its chats equal what this build parses
 * (`sync/sync-file.ts`). The projection version (`history/projection/projection-version.ts`)
 * re-projects stored text; this one re-reads the source, for what only the source still holds
 * (e.g. the history tool's question a recalled-turn marker now keeps).
 */
export const PARSER_VERSION = 7;
// 1: files synced before versions were recorded (migration 007 gives every remembered file 1).
//    Among them, recalled-turn markers without the history tool's question (before projection 7)
//    and Codex turns after a failed Recollect call marked as recalled.
// 2: recalled-turn markers carry the question of the turn's first history-tool call; a failed
//    Recollect call (Claude Code is_error, Codex `err:` output, error blocks) marks nothing.
// 3: Claude Code: a prompt that a Recollect call answered after other steps of the agent marks
//    its first reply with the recall-request marker, so the prompt is a history question.
// 4: Codex and Gemini CLI do the same (a Recollect call after the agent's own message marks that
//    message with the recall-request marker); Gemini CLI turns from a Recollect call on are
//    marked as recalled, read from the model messages' `toolCalls`.
// 5: aider: a `> Tokens:` line ends a model reply, so the architect's and the editor's replies
//    are two messages, and the architect's answer re-fed as `#### ` lines is dropped as its echo
//    instead of being stored as the person's turn.
// 6: aider: an empty input, logged as `#### <blank>`, is no message of the person's.
// 7: aider: the indented lines right after a `> ` line (a multi-line shell command aider offers to
//    run) are its output, not an assistant message of their own.
