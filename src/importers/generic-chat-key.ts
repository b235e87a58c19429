/**
 * A generic JSONL chat's key: the `(app, chat)` pair the person wrote, stored as the chat's
 * external id in JSON text (`["shop","c1"]`), unique in the whole store (docs/IMPORT-FORMATS.md).
 */
import { z } from "zod";
import { tryParseJson } from "./formats/json-lines.js";

/** The external id of the generic chat `chat` of `app`: `["shop","c1"]`. */
export function genericChatKey(app: string, chat: string): string {
  return JSON.stringify([app, chat]);
}

const KeyPair = z.tuple([z.string(), z.string()]);

/**
 * The `[app, chat]` pair of a generic chat's external id ({@link genericChatKey}'s inverse); null
 * for an id that is no such pair (another format's). Never throws.
 */
export function genericChatKeyPair(externalId: string): readonly [string, string] | null {
  const parsed = KeyPair.safeParse(tryParseJson(externalId));
  return parsed.success ? parsed.data : null;
}
