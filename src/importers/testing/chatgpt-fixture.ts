/**
 * Test helper: a ChatGPT `conversations.json` shaped like a real data export (the field names and
 * nesting of the export, written here from its documented structure; no real export is copied).
 * Conversation 1 has a regenerated answer (two sibling branches; `current_node` is on the second),
 * a hidden system message, a Python tool call with its output, reasoning, and an image part;
 * conversation 2 is a plain two-turn chat without `current_node` (older exports).
 */

/** Unix seconds of the first conversation's start: 2026-03-01T10:00:00Z. */
export const CHATGPT_START_S = 1_772_359_200;

interface NodeSpec {
  readonly id: string;
  readonly parent: string | null;
  readonly children: readonly string[];
  readonly role?: "system" | "user" | "assistant" | "tool";
  readonly at?: number;
  readonly contentType?: string;
  readonly parts?: readonly unknown[];
  readonly recipient?: string;
  readonly hidden?: boolean;
}

function node(spec: NodeSpec) {
  return {
    id: spec.id,
    message:
      spec.role === undefined
        ? null
        : {
            id: spec.id,
            author: { role: spec.role, name: spec.role === "tool" ? "python" : null, metadata: {} },
            create_time: spec.at ?? null,
            update_time: null,
            content: { content_type: spec.contentType ?? "text", parts: spec.parts ?? [] },
            status: "finished_successfully",
            end_turn: spec.role === "assistant" ? true : null,
            weight: spec.hidden ? 0 : 1,
            metadata: spec.hidden ? { is_visually_hidden_from_conversation: true } : {},
            recipient: spec.recipient ?? "all",
            channel: null,
          },
    parent: spec.parent,
    children: [...spec.children],
  };
}

function conversation(
  id: string,
  title: string,
  startS: number,
  nodes: readonly NodeSpec[],
  currentNode: string | null,
) {
  return {
    title,
    create_time: startS,
    update_time: startS + 600,
    mapping: Object.fromEntries(nodes.map((spec) => [spec.id, node(spec)])),
    moderation_results: [],
    ...(currentNode ? { current_node: currentNode } : {}),
    plugin_ids: null,
    conversation_id: id,
    conversation_template_id: null,
    gizmo_id: null,
    is_archived: false,
    safe_urls: [],
    default_model_slug: "gpt-4o",
    id,
  };
}

const T = CHATGPT_START_S;

/** The export as a JSON value (an array of two conversations). */
export function chatGptExport() {
  return [
    conversation(
      "67c2f1a0-0000-8000-a000-000000000001",
      "Postgres vs SQLite for the app",
      T,
      [
        { id: "root", parent: null, children: ["sys"] },
        {
          id: "sys",
          parent: "root",
          children: ["u1"],
          role: "system",
          at: T,
          parts: [""],
          hidden: true,
        },
        {
          id: "u1",
          parent: "sys",
          children: ["a1-old", "a1"],
          role: "user",
          at: T + 10,
          contentType: "multimodal_text",
          parts: [
            {
              content_type: "image_asset_pointer",
              asset_pointer: "file-service://file-1",
              width: 800,
              height: 600,
            },
            "Should the app use Postgres or SQLite? Schema in the screenshot.",
          ],
        },
        {
          id: "a1-old",
          parent: "u1",
          children: [],
          role: "assistant",
          at: T + 20,
          parts: ["Postgres, no question."],
        },
        {
          id: "a1",
          parent: "u1",
          children: ["think"],
          role: "assistant",
          at: T + 30,
          parts: ["Let me check the row counts."],
        },
        {
          id: "think",
          parent: "a1",
          children: ["code"],
          role: "assistant",
          at: T + 31,
          contentType: "thoughts",
          parts: [],
        },
        {
          id: "code",
          parent: "think",
          children: ["out"],
          role: "assistant",
          at: T + 32,
          contentType: "code",
          recipient: "python",
          parts: [],
        },
        {
          id: "out",
          parent: "code",
          children: ["a2"],
          role: "tool",
          at: T + 33,
          contentType: "execution_output",
          parts: [],
        },
        {
          id: "a2",
          parent: "out",
          children: ["u2"],
          role: "assistant",
          at: T + 40,
          parts: ["SQLite: one writer and 2 GB of data fit it well."],
        },
        {
          id: "u2",
          parent: "a2",
          children: ["a3"],
          role: "user",
          at: T + 50,
          parts: ["Decided: SQLite with WAL."],
        },
        {
          id: "a3",
          parent: "u2",
          children: [],
          role: "assistant",
          at: T + 60,
          parts: ["Noted. Enable WAL at open."],
        },
      ],
      "a3",
    ),
    conversation(
      "67c2f1a0-0000-8000-a000-000000000002",
      "",
      T + 86_400,
      [
        { id: "r", parent: null, children: ["q"] },
        {
          id: "q",
          parent: "r",
          children: ["ans-1", "ans-2"],
          role: "user",
          at: T + 86_410,
          parts: ["Name for the CLI?"],
        },
        {
          id: "ans-1",
          parent: "q",
          children: [],
          role: "assistant",
          at: T + 86_420,
          parts: ["recall"],
        },
        {
          id: "ans-2",
          parent: "q",
          children: [],
          role: "assistant",
          at: T + 86_430,
          parts: ["recollect"],
        },
      ],
      null,
    ),
  ];
}
