import { InvalidInputError } from "./recollect-error.js";

/**
 * A file being imported holds a chat whose store-wide key another file already imported: a
 * generic JSONL chat is keyed by its `(app, chat)` pair (docs/IMPORT-FORMATS.md), and that chat
 * belongs to the file that first imported it. Taking the chat over would replace the first file's
 * title and messages (last writer wins), so the whole file is refused: nothing of it was written,
 * and the other files of the run still import. Names the first such chat's key and the file
 * holding it (both the person's own: a key they wrote, a path they imported), never a chat's
 * title or text; the remedy updates the chat from the file that holds it. CLI exit 2.
 */
export class ChatKeyInAnotherFileError extends InvalidInputError {
  /** The file refused. */
  readonly file: string;
  /** The first refused chat's key as stored, e.g. `["shop","c1"]` (its `app` and `chat`). */
  readonly chatKey: string;
  /** The file that holds that chat: the one that imported it first. */
  readonly heldBy: string;
  /** How many chats of `file` other files hold (≥ 1). */
  readonly chats: number;
  constructor(options: {
    readonly file: string;
    readonly chatKey: string;
    readonly heldBy: string;
    readonly chats: number;
  }) {
    const { file, chatKey, heldBy, chats } = options;
    const others = chats > 1 ? ` (and ${chats - 1} more of its chats)` : "";
    super(
      "paths",
      "files whose chat keys (app, chat) no other imported file holds",
      `the chat keyed ${chatKey}${others} in ${file} belongs to ${heldBy}, which imported it first: give it another key; nothing of ${file} was written`,
      [{ args: ["import", heldBy], purpose: "to update that chat from the file that holds it" }],
    );
    this.name = "ChatKeyInAnotherFileError";
    this.file = file;
    this.chatKey = chatKey;
    this.heldBy = heldBy;
    this.chats = chats;
  }
}
