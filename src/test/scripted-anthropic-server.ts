/**
 * A scripted Anthropic Messages API endpoint for trials and tests: real HTTP on 127.0.0.1 (random
 * port) answering `POST /v1/messages` — as SSE when the body says `stream: true`, else as one JSON
 * message — with what a script decides instead of a model. It is what `ANTHROPIC_BASE_URL` points
 * Claude Code at when no API key or network is available (`bench/client-trial.ts`,
 * `src/mcp/real-clients.test.ts`).
 *
 * Each request is recorded (parsed body, offered tool names, the tool results it carries); the
 * script sees the request and returns one turn: a `tool_use` block or text. Any other path answers
 * 404 with an Anthropic-style error body, so a client probing another endpoint fails loudly.
 * Deterministic ids: `msg_scripted_<n>`, `toolu_scripted_<n>`.
 */
import type { ServerResponse } from "node:http";
import { listenOnLoopback, readBody } from "./loopback-http.js";

/** One answer of the scripted model. */
export type AnthropicTurn =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool_use"; readonly name: string; readonly input: Record<string, unknown> };

/** A `tool_result` block found in a request's messages, its content flattened to text. */
export interface AnthropicToolResult {
  readonly toolUseId: string;
  readonly text: string;
  readonly isError: boolean;
}

/** One request as the server saw it. */
export interface AnthropicRequest {
  /** The parsed JSON body. */
  readonly body: Record<string, unknown>;
  readonly model: string;
  readonly stream: boolean;
  /** Names of the `tools` offered, in order. */
  readonly toolNames: readonly string[];
  /** Every `tool_result` block in `messages`, oldest first. */
  readonly toolResults: readonly AnthropicToolResult[];
  /** Milliseconds since the server started when the request arrived. */
  readonly atMs: number;
}

/** A running scripted endpoint. */
export interface ScriptedAnthropicServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`, for `ANTHROPIC_BASE_URL` (the client appends `/v1/messages`). */
  readonly baseUrl: string;
  readonly requests: readonly AnthropicRequest[];
  close(): Promise<void>;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) =>
      block && typeof block === "object" && (block as { type?: unknown }).type === "text"
        ? String((block as { text?: unknown }).text ?? "")
        : "",
    )
    .join("\n");
}

function toolResultsOf(messages: unknown): AnthropicToolResult[] {
  const results: AnthropicToolResult[] = [];
  if (!Array.isArray(messages)) return results;
  for (const message of messages) {
    const content = (message as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      const b = block as {
        type?: unknown;
        tool_use_id?: unknown;
        content?: unknown;
        is_error?: unknown;
      };
      if (b?.type !== "tool_result") continue;
      results.push({
        toolUseId: String(b.tool_use_id ?? ""),
        text: textOf(b.content),
        isError: b.is_error === true,
      });
    }
  }
  return results;
}

function contentBlock(turn: AnthropicTurn, n: number): Record<string, unknown> {
  return turn.type === "text"
    ? { type: "text", text: turn.text }
    : { type: "tool_use", id: `toolu_scripted_${n}`, name: turn.name, input: turn.input };
}

function writeSse(res: ServerResponse, turn: AnthropicTurn, n: number, model: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (event: string, data: Record<string, unknown>) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
  send("message_start", {
    message: {
      id: `msg_scripted_${n}`,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  });
  const block = contentBlock(turn, n);
  if (turn.type === "text") {
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    send("content_block_delta", { index: 0, delta: { type: "text_delta", text: turn.text } });
  } else {
    send("content_block_start", { index: 0, content_block: { ...block, input: {} } });
    send("content_block_delta", {
      index: 0,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(turn.input) },
    });
  }
  send("content_block_stop", { index: 0 });
  send("message_delta", {
    delta: { stop_reason: turn.type === "text" ? "end_turn" : "tool_use", stop_sequence: null },
    usage: { output_tokens: 1 },
  });
  send("message_stop", {});
  res.end();
}

/**
 * Starts the endpoint. `script` is called once per `POST /v1/messages` (also for the client's
 * side requests, e.g. a title or a quota probe) with the request and its 0-based number; a
 * throw answers 500. Close it (or `await using`) when done.
 */
export async function startScriptedAnthropicServer(options: {
  readonly script: (request: AnthropicRequest, n: number) => AnthropicTurn;
}): Promise<ScriptedAnthropicServer> {
  const requests: AnthropicRequest[] = [];
  const started = Date.now();
  const server = await listenOnLoopback((req, res) => {
    void (async () => {
      const path = (req.url ?? "").split("?")[0];
      if (req.method !== "POST" || path !== "/v1/messages") {
        await readBody(req);
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ type: "error", error: { type: "not_found_error", message: path } }),
        );
        return;
      }
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const tools = Array.isArray(body.tools) ? (body.tools as { name?: unknown }[]) : [];
      const request: AnthropicRequest = {
        body,
        model: String(body.model ?? ""),
        stream: body.stream === true,
        toolNames: tools.map((tool) => String(tool.name ?? "")),
        toolResults: toolResultsOf(body.messages),
        atMs: Date.now() - started,
      };
      const n = requests.push(request) - 1;
      let turn: AnthropicTurn;
      try {
        turn = options.script(request, n);
      } catch (error) {
        res.writeHead(500, { "content-type": "application/json" });
        const message = error instanceof Error ? error.message : String(error);
        res.end(JSON.stringify({ type: "error", error: { type: "api_error", message } }));
        return;
      }
      if (request.stream) {
        writeSse(res, turn, n, request.model);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: `msg_scripted_${n}`,
          type: "message",
          role: "assistant",
          model: request.model,
          content: [contentBlock(turn, n)],
          stop_reason: turn.type === "text" ? "end_turn" : "tool_use",
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      );
    })();
  });
  return {
    baseUrl: server.baseUrl,
    requests,
    close: server.close,
    [Symbol.asyncDispose]: server.close,
  };
}
