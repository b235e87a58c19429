/**
 * The explorer's child protocol through plain sampling messages, for a client that declares
 * `sampling` without `sampling.tools` (issue 29 § Build 3: "if the client's sampling cannot carry
 * tools, drive the child protocol through plain messages"). The tools go into the system prompt
 * with their JSON Schemas; the model answers with one JSON object, `{"tool": NAME, "input":
 * {…}}`, which becomes a `tool_use` block again; earlier calls and their results travel as text.
 * Only the envelope is checked here ({@link TEXT_TOOL_CALL}, the tool one of those offered): the
 * input is validated downstream by the AI SDK against the same zod schema as a hosted model's
 * call, so a bad input is the same tool error, retry and budget. A reply that is no such object
 * stays text, as a hosted model's prose answer would. Pure functions.
 */
import { z } from "zod";
import type {
  SamplingContent,
  SamplingMessage,
  SamplingRequest,
  SamplingResponse,
} from "./sampling-language-model.js";

/** The reply shape the model is asked for: one tool call as a JSON object. */
export const TEXT_TOOL_CALL = z
  .object({ tool: z.string().min(1), input: z.record(z.string(), z.unknown()) })
  .strict();

/** The instructions appended to the system prompt: the tools and the reply format. */
export function textProtocolInstructions(request: SamplingRequest): string {
  const tools = request.tools ?? [];
  const lines = [
    "You cannot call tools natively here. To call a tool, reply with exactly one JSON object and nothing else:",
    '{"tool": "<tool name>", "input": { <arguments matching the tool\'s input schema> }}',
    "Each tool result comes back in the next user message as JSON with `tool_result` (the tool's name), `is_error` and `output`.",
    request.toolChoice?.mode === "required"
      ? "You must call a tool in your reply."
      : "Reply in plain text only when you call no tool.",
    "Tools:",
    ...tools.map((tool) =>
      JSON.stringify({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      }),
    ),
  ];
  return lines.join("\n");
}

function blockText(block: SamplingContent, names: ReadonlyMap<string, string>): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "tool_use":
      return JSON.stringify({ tool: block.name, input: block.input });
    case "tool_result":
      return JSON.stringify({
        tool_result: names.get(block.toolUseId) ?? block.toolUseId,
        is_error: block.isError === true,
        output: block.content.map((part) => part.text).join("\n"),
      });
  }
}

/**
 * `request` without sampling `tools`: the tools and reply format appended to `systemPrompt`, each
 * `tool_use` block written as its JSON reply and each `tool_result` as a JSON text. No tools
 * offered: `request` unchanged.
 */
export function toTextProtocolRequest(request: SamplingRequest): SamplingRequest {
  if (!request.tools || request.tools.length === 0) return request;
  const names = new Map<string, string>();
  const messages: SamplingMessage[] = request.messages.map((message) => {
    for (const block of message.content)
      if (block.type === "tool_use") names.set(block.id, block.name);
    const text = message.content.map((block) => blockText(block, names)).join("\n\n");
    return { role: message.role, content: [{ type: "text", text }] };
  });
  const { tools: _tools, toolChoice: _choice, ...rest } = request;
  const instructions = textProtocolInstructions(request);
  return {
    ...rest,
    messages,
    systemPrompt: request.systemPrompt
      ? `${request.systemPrompt}\n\n${instructions}`
      : instructions,
  };
}

/** The JSON object of a reply: the text itself, or inside a ``` fence, or from `{` to the last `}`. */
function jsonOf(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidates = [
    text.trim(),
    fenced?.trim(),
    text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next form
    }
  }
  return undefined;
}

/**
 * The client's text answer as a `tool_use` block when it is a {@link TEXT_TOOL_CALL} naming one
 * of `offered` (id `id`); otherwise `response` unchanged (text, or a client's own tool block).
 */
export function fromTextProtocolResponse(
  response: SamplingResponse,
  offered: readonly string[],
  id: string,
): SamplingResponse {
  const blocks: unknown[] = Array.isArray(response.content) ? response.content : [response.content];
  const text = blocks
    .map((block) => {
      const typed = block as { type?: unknown; text?: unknown } | null;
      return typed?.type === "text" && typeof typed.text === "string" ? typed.text : "";
    })
    .join("\n");
  const call = TEXT_TOOL_CALL.safeParse(jsonOf(text));
  if (!call.success || !offered.includes(call.data.tool)) return response;
  return {
    ...response,
    stopReason: "toolUse",
    content: [{ type: "tool_use", id, name: call.data.tool, input: call.data.input }],
  };
}
