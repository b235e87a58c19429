/**
 * ChatGPT's data export `conversations.json` (docs/IMPORT-FORMATS.md § ChatGPT): a JSON array of
 * conversations. Each holds its messages as a tree, `mapping` (node id → `{message, parent,
 * children}`), because editing a prompt or regenerating an answer forks a branch; `current_node` is
 * the leaf of the branch the person last saw. One chat per conversation: that branch, read from the
 * root down. User turns are `text` / `multimodal_text` messages (string parts kept, images and
 * files dropped); assistant turns the same content types addressed to everyone (`recipient` `all`),
 * so tool calls (`code` to `python`, browsing), tool output, reasoning (`thoughts`,
 * `reasoning_recap`), system and hidden messages are not stored. Times are unix seconds (floats).
 */
import { basename } from "node:path";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { MessageRole } from "../../store/catalog/messages.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat } from "../imported-chat.js";
import { messagesFromTurns, type ParsedTurn, titleFromPrompt } from "../text-helpers.js";
import { epochMsOrNull } from "../timestamps.js";
import { readJsonDocument, shapeProblem } from "./json-document.js";

const Message = z.looseObject({
  author: z.looseObject({ role: z.string() }),
  create_time: z.number().nullable().optional(),
  content: z
    .looseObject({ content_type: z.string(), parts: z.array(z.unknown()).nullable().optional() })
    .nullable()
    .optional(),
  recipient: z.string().nullable().optional(),
  metadata: z
    .looseObject({ is_visually_hidden_from_conversation: z.boolean().nullable().optional() })
    .nullable()
    .optional(),
});
const Node = z.looseObject({
  message: Message.nullable().optional(),
  parent: z.string().nullable().optional(),
  children: z.array(z.string()).optional(),
});
const Conversation = z.looseObject({
  title: z.string().nullable().optional(),
  create_time: z.number().nullable().optional(),
  mapping: z.record(z.string(), Node),
  current_node: z.string().nullable().optional(),
  conversation_id: z.string().nullable().optional(),
  id: z.string().nullable().optional(),
});
const Export = z.array(z.unknown());

type ConversationRecord = z.infer<typeof Conversation>;
type NodeRecord = z.infer<typeof Node>;

/** Content types that hold what a person or the assistant said (rather than tool traffic). */
const SPOKEN_CONTENT = new Set(["text", "multimodal_text"]);

/** True when `head` starts a JSON array whose first conversation has a message `mapping`. */
export function looksLikeChatGptExport(head: string): boolean {
  const start = head.trimStart();
  return (
    /^\[\s*\{/.test(start) && /"mapping"\s*:\s*\{/.test(start) && /"create_time"\s*:/.test(start)
  );
}

/**
 * Parses one `conversations.json` into one chat per conversation that has a user or assistant
 * turn on its current branch.
 *
 * @throws ImportFormatError when the file is not JSON (the line where parsing stopped, when
 *   known), is not an array of conversations, or a conversation is malformed (its index and the
 *   field are named) or its tree loops.
 */
export function parseChatGptExport(
  path: string,
  text: string,
  fallbackTimeMs: number,
): ImportedChat[] {
  const document = Export.safeParse(readJsonDocument(path, text));
  if (!document.success) {
    throw new ImportFormatError(
      path,
      undefined,
      "not a ChatGPT export (a JSON array of conversations)",
    );
  }
  const chats: ImportedChat[] = [];
  document.data.forEach((value, index) => {
    const conversation = Conversation.safeParse(value);
    if (!conversation.success) {
      throw new ImportFormatError(
        path,
        undefined,
        `conversation ${index}: ${shapeProblem(conversation.error)}`,
      );
    }
    const chat = chatOf(path, index, conversation.data, fallbackTimeMs);
    if (chat) chats.push(chat);
  });
  return chats;
}

function chatOf(
  path: string,
  index: number,
  conversation: ConversationRecord,
  fallbackTimeMs: number,
): ImportedChat | null {
  const turns: ParsedTurn[] = [];
  for (const node of currentBranch(path, index, conversation)) {
    const turn = turnOf(node);
    if (turn) turns.push(turn);
  }
  if (turns.length === 0) return null;
  const startMs =
    toMs(conversation.create_time) ??
    turns.find((turn) => turn.timeMs != null)?.timeMs ??
    fallbackTimeMs;
  return {
    source: "chatgpt",
    externalId: conversation.conversation_id ?? conversation.id ?? `${basename(path)}#${index}`,
    title:
      conversation.title?.trim() ||
      titleFromPrompt(turns.find((turn) => turn.role === "user")?.content),
    createdAtMs: startMs,
    appHint: null,
    messages: messagesFromTurns(startMs, turns),
  };
}

/**
 * The nodes from the root to `current_node`. Without a usable `current_node` (older exports), the
 * branch is the root's last child, its last child, and so on: the newest regeneration each time.
 */
function currentBranch(
  path: string,
  index: number,
  conversation: ConversationRecord,
): NodeRecord[] {
  const { mapping } = conversation;
  const loop = () =>
    new ImportFormatError(path, undefined, `conversation ${index}: its message tree loops`);
  const leaf = conversation.current_node ? mapping[conversation.current_node] : undefined;
  const nodes: NodeRecord[] = [];
  const seen = new Set<NodeRecord>();
  if (leaf) {
    for (
      let node: NodeRecord | undefined = leaf;
      node;
      node = node.parent ? mapping[node.parent] : undefined
    ) {
      if (seen.has(node)) throw loop();
      seen.add(node);
      nodes.push(node);
    }
    return nodes.reverse();
  }
  const root = Object.values(mapping).find((node) => !node.parent || !(node.parent in mapping));
  for (let node = root; node; ) {
    if (seen.has(node)) throw loop();
    seen.add(node);
    nodes.push(node);
    const next = node.children?.at(-1);
    node = next ? mapping[next] : undefined;
  }
  return nodes;
}

function turnOf(node: NodeRecord): ParsedTurn | null {
  const message = node.message;
  if (!message?.content || !SPOKEN_CONTENT.has(message.content.content_type)) return null;
  if (message.metadata?.is_visually_hidden_from_conversation) return null;
  const role: MessageRole | null =
    message.author.role === "user"
      ? "user"
      : message.author.role === "assistant"
        ? "assistant"
        : null;
  if (role === null) return null;
  if (role === "assistant" && message.recipient && message.recipient !== "all") return null;
  const content = (message.content.parts ?? [])
    .filter((part): part is string => typeof part === "string")
    .join("\n")
    .trim();
  if (content === "") return null;
  return { role, content, timeMs: toMs(message.create_time) };
}

/** A `create_time` (epoch seconds) in ms; null (no own time) when absent or not storable. */
function toMs(seconds: number | null | undefined): number | null {
  return typeof seconds === "number" ? epochMsOrNull(seconds * 1000) : null;
}

/** ChatGPT's `conversations.json`: a JSON array of conversations with a message `mapping`. */
export const chatGptFormat: TextFormatModule<"chatgpt"> = {
  format: "chatgpt",
  label: "ChatGPT export",
  input: "text",
  detect: (head) => head.text !== null && looksLikeChatGptExport(head.text),
  parse: ({ path, text, fallbackTimeMs }) => parseChatGptExport(path, text, fallbackTimeMs),
};
