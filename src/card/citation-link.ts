/**
 * A reply's citation of an archived message as a markdown link (issue 31: "citations are links"):
 * `[“Auth approach”, 2026-03-02](recollect:chat/39/message/120)`. The link text names the chat by
 * its title and the message's date, for every surface as it is; the address is typed, so the web
 * app opens the cited message from it (in the app it is shown in) without reading the words, and
 * a terminal shows the ids a `recollect read --chat 39 --around 120` needs.
 */

/** The scheme of a citation address. */
export const CITATION_SCHEME = "recollect:";

/** A cited message: its chat and message ids (positive integers). */
export interface CitationAddress {
  readonly chatId: number;
  readonly messageId: number;
}

const ADDRESS = /^recollect:chat\/([1-9][0-9]{0,15})\/message\/([1-9][0-9]{0,15})$/;

/** `recollect:chat/<chatId>/message/<messageId>`. */
export function citationHref(address: CitationAddress): string {
  return `${CITATION_SCHEME}chat/${address.chatId}/message/${address.messageId}`;
}

/** The address a citation href names, or null for any other href (then it is an ordinary link). */
export function parseCitationHref(href: string): CitationAddress | null {
  const match = ADDRESS.exec(href);
  if (!match) return null;
  const chatId = Number(match[1]);
  const messageId = Number(match[2]);
  return Number.isSafeInteger(chatId) && Number.isSafeInteger(messageId)
    ? { chatId, messageId }
    : null;
}

/**
 * The markdown link citing `address` with `label` as its text (brackets, backslashes and line
 * breaks in the label escaped or flattened, so an archived title cannot end the link early).
 */
export function citationLink(label: string, address: CitationAddress): string {
  const text = label.replace(/\s+/g, " ").replace(/[\\[\]]/g, (char) => `\\${char}`);
  return `[${text}](${citationHref(address)})`;
}
