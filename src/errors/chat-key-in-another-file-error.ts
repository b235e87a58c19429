import { InvalidInputError } from "./recollect-error.js";

/** The fields that say where the refused chat conflicts: the constructor's options. */
type ConflictField =
  | "file"
  | "chatKey"
  | "heldBy"
  | "chats"
  | "differsAtMessage"
  | "storedMessages"
  | "fileMessages";

/**
 * A file being imported would change a chat another file imported: a generic JSONL chat is keyed
 * by its `(app, chat)` pair in the whole store (docs/IMPORT-FORMATS.md), and another file holding
 * that key may only continue the chat (its chat begins with the stored messages, same role and
 * text, in order: an export regenerated with new messages, or the file moved). This one changes a
 * stored message, so taking the chat over would replace its messages; the whole file is refused:
 * nothing of it was written, and the other files of the run still import. Names the first such
 * chat's key, the file holding it and where they part (both the person's own: a key they wrote, a
 * path they imported), never a chat's title or text; the remedy updates the chat from the file
 * that holds it. CLI exit 2.
 */
export class ChatKeyInAnotherFileError extends InvalidInputError {
  /** The file refused. */
  readonly file: string;
  /**
   * The first refused chat's key, its `app` and `chat` as a list (`["shop", "c1"]`; `--json`
   * gives it as that array, `chat_key`); the message writes it as stored, `["shop","c1"]`.
   */
  readonly chatKey: readonly string[];
  /** The file that holds that chat: the one that imported it, or last continued it. */
  readonly heldBy: string;
  /** How many chats of `file` would change chats other files hold (≥ 1). */
  readonly chats: number;
  /**
   * Where the first refused chat parts from the stored one: the 1-based position of the first
   * stored message that `file`'s chat holds differently (another role or text), counting the
   * chat's user and assistant messages; 1 to min(`storedMessages`, `fileMessages`).
   */
  readonly differsAtMessage: number;
  /** How many messages that chat has stored (≥ `differsAtMessage`). */
  readonly storedMessages: number;
  /** How many messages `file`'s chat holds (≥ `differsAtMessage`; fewer than stored drops some). */
  readonly fileMessages: number;
  constructor(options: Pick<ChatKeyInAnotherFileError, ConflictField>) {
    const { file, chatKey, heldBy, chats, differsAtMessage, storedMessages, fileMessages } =
      options;
    const others = chats > 1 ? ` (and ${chats - 1} more of its chats)` : "";
    super(
      "paths",
      "files whose chats keyed (app, chat) like another file's begin with their stored messages",
      `the chat keyed ${JSON.stringify(chatKey)}${others} in ${file} belongs to ${heldBy}, and ${file} would change it: its message ${differsAtMessage} differs from the stored one (${storedMessages} stored, ${fileMessages} in ${file}); give it another key; nothing of ${file} was written`,
      [{ args: ["import", heldBy], purpose: "to update that chat from the file that holds it" }],
    );
    this.name = "ChatKeyInAnotherFileError";
    this.file = file;
    this.chatKey = chatKey;
    this.heldBy = heldBy;
    this.chats = chats;
    this.differsAtMessage = differsAtMessage;
    this.storedMessages = storedMessages;
    this.fileMessages = fileMessages;
  }
}
