/**
 * The response side of the scripted OpenAI-compatible server: chat-completions bodies and SSE chunk
 * sequences written exactly as the real API shapes them, so the AI SDK provider parses them the
 * same way. Kept apart from the server's routing and request recording in
 * `scripted-openai-server.ts`; test-only.
 */
import type { ServerResponse } from "node:http";
import type { RecordedRequest, ScriptedToolCall, ScriptedTurn } from "./scripted-openai-server.js";

/** `created` in every response: a constant so recorded responses compare exactly. */
const CREATED = 1_700_000_000;
/** Argument strings are streamed in pieces of this many chars, like a real model. */
const ARGUMENT_PIECE_CHARS = 16;

/** Which completion a response belongs to: `chatcmpl-scripted-<index>` and the echoed model. */
export interface CompletionIdentity {
  /** The request's 0-based index (names the completion and default call ids). */
  readonly index: number;
  readonly model: string;
}

/** An OpenAI-style error body: `{ error: { message, type, param: null, code: null } }`. */
export function errorBody(message: string, type: string) {
  return { error: { message, type, param: null, code: null } };
}

/** Ends `response` with `body` as JSON and `status`, plus any extra `headers`. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** The tool calls a turn makes, in order; none for every other turn type. */
function toolCallsOf(turn: ScriptedTurn): ScriptedToolCall[] {
  if (turn.type === "tool-call") return [turn];
  if (turn.type === "tool-calls") return [...turn.calls];
  return [];
}

function argumentsOf(call: ScriptedToolCall): string {
  return typeof call.args === "string" ? call.args : JSON.stringify(call.args ?? {});
}

function callId(call: ScriptedToolCall, index: number, position: number): string {
  return call.id ?? `call_${index}_${position}`;
}

/** Token counts estimated at 4 chars a token: prompt from the request's messages JSON. */
function usageFor(request: RecordedRequest, completionChars: number) {
  const promptTokens = Math.ceil(JSON.stringify(request.body?.messages ?? []).length / 4);
  const completionTokens = Math.ceil(completionChars / 4);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

/** Starts a 200 SSE response; the returned function writes one `data:` frame of `payload` JSON. */
function openEventStream(response: ServerResponse): (payload: unknown) => void {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  return (payload) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
}

function chunk(
  identity: CompletionIdentity,
  choices: readonly unknown[],
  extra: Record<string, unknown> = {},
) {
  return {
    id: `chatcmpl-scripted-${identity.index}`,
    object: "chat.completion.chunk",
    created: CREATED,
    model: identity.model,
    choices,
    ...extra,
  };
}

function deltaChunk(
  identity: CompletionIdentity,
  delta: Record<string, unknown>,
  finish: string | null,
) {
  return chunk(identity, [{ index: 0, delta, finish_reason: finish }]);
}

/**
 * Plays a `stream-error` turn: a non-streaming request gets a 500 error body; a streaming one gets
 * the role chunk, any `textBeforeError`, then either an SSE error chunk or a cut connection.
 */
export function writeStreamError(
  response: ServerResponse,
  identity: CompletionIdentity,
  stream: boolean,
  turn: Extract<ScriptedTurn, { type: "stream-error" }>,
): void {
  const message = turn.message ?? "scripted stream error";
  if (!stream) {
    sendJson(response, 500, errorBody(message, "server_error"));
    return;
  }
  const write = openEventStream(response);
  write(deltaChunk(identity, { role: "assistant", content: "" }, null));
  if (turn.textBeforeError) {
    write(deltaChunk(identity, { content: turn.textBeforeError }, null));
  }
  if (turn.mode === "disconnect") {
    response.socket?.destroy();
    return;
  }
  write(errorBody(message, "server_error"));
  response.end();
}

/**
 * Plays a `stall` turn: a streaming request gets the role chunk and any `textBeforeStall`, then
 * nothing more (the response stays open); a non-streaming one gets no answer at all.
 */
export function writeStall(
  response: ServerResponse,
  identity: CompletionIdentity,
  stream: boolean,
  turn: Extract<ScriptedTurn, { type: "stall" }>,
): void {
  if (!stream) return;
  const write = openEventStream(response);
  write(deltaChunk(identity, { role: "assistant", content: "" }, null));
  if (turn.textBeforeStall) write(deltaChunk(identity, { content: turn.textBeforeStall }, null));
}

/**
 * Plays a `text`, `tool-call` or `tool-calls` turn as one completion (finish `tool_calls` when
 * there are calls, else `stop`): a JSON body, or for a streaming request SSE chunks (text word by
 * word, each call's arguments in 16-char pieces), a usage chunk and `[DONE]`.
 */
export function writeCompletion(
  response: ServerResponse,
  identity: CompletionIdentity,
  recorded: RecordedRequest,
  turn: Extract<ScriptedTurn, { type: "text" | "tool-call" | "tool-calls" }>,
): void {
  const { index } = identity;
  const calls = toolCallsOf(turn);
  const text = turn.type === "text" ? turn.text : null;
  const finishReason = calls.length > 0 ? "tool_calls" : "stop";
  const completionChars =
    (text ?? "").length + calls.reduce((sum, call) => sum + argumentsOf(call).length, 0);
  const usage = usageFor(recorded, completionChars);
  if (!recorded.stream) {
    sendJson(response, 200, {
      id: `chatcmpl-scripted-${index}`,
      object: "chat.completion",
      created: CREATED,
      model: identity.model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: text,
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((call, position) => ({
                    id: callId(call, index, position),
                    type: "function",
                    function: { name: call.name, arguments: argumentsOf(call) },
                  })),
                }
              : {}),
          },
          finish_reason: finishReason,
        },
      ],
      usage,
    });
    return;
  }
  const write = openEventStream(response);
  const delta = (fields: Record<string, unknown>, finish: string | null = null) =>
    write(deltaChunk(identity, fields, finish));
  delta({ role: "assistant", content: "" });
  if (text !== null) {
    for (const piece of text.match(/\S+\s*|\s+/g) ?? []) delta({ content: piece });
  }
  calls.forEach((call, position) => {
    const args = argumentsOf(call);
    delta({
      tool_calls: [
        {
          index: position,
          id: callId(call, index, position),
          type: "function",
          function: { name: call.name, arguments: "" },
        },
      ],
    });
    for (let offset = 0; offset < args.length; offset += ARGUMENT_PIECE_CHARS) {
      delta({
        tool_calls: [
          {
            index: position,
            function: { arguments: args.slice(offset, offset + ARGUMENT_PIECE_CHARS) },
          },
        ],
      });
    }
  });
  delta({}, finishReason);
  write(chunk(identity, [], { usage }));
  response.write("data: [DONE]\n\n");
  response.end();
}
