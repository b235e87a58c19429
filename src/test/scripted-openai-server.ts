/**
 * A scripted OpenAI-compatible HTTP server for tests: real HTTP on 127.0.0.1 (random port),
 * speaking `POST /v1/chat/completions` both non-streaming and as SSE (`stream: true`), driven by a
 * script instead of a model. Use it wherever a test needs "a hosted model" — the explorer's
 * integration tests, engine contract tests, browser tests — with the real AI SDK provider in front.
 *
 * @example
 * ```ts
 * await using server = await startScriptedOpenAIServer({
 *   script: [
 *     { type: "tool-call", name: "search_chats", args: { query: "auth" } },
 *     { type: "tool-call", name: "submit_report", args: { summary: "…", findings: [], confidence: "low" } },
 *   ],
 * });
 * const engine = createEngine({ kind: "openai-compatible", baseUrl: server.baseUrl, modelId: "scripted" });
 * // … run the explorer …
 * expect(server.requests[0]?.toolNames).toEqual(["search_chats", "read_chat", "submit_report"]);
 * ```
 *
 * Turns (one per request, in order; or computed by a function of the request):
 * - `tool-call` / `tool-calls`: the assistant calls tool(s) with JSON `args`; finish `tool_calls`.
 * - `text`: the assistant answers with text; finish `stop`.
 * - `http-error`: the request fails with `status` (e.g. 500, 429) and an OpenAI-style error body.
 * - `stream-error`: a streamed response that starts (optional `textBeforeError`) and then fails,
 *   either with an SSE `{"error": …}` chunk (`mode: "error-chunk"`, default) or by cutting the
 *   connection (`mode: "disconnect"`). A non-streaming request gets a 500 instead.
 * - `delay`: waits `ms` milliseconds, then plays the inner `turn`.
 * - `hang`: never answers; the request stays open until the client aborts or the server closes
 *   (for abort tests: see {@link RecordedRequest.clientClosed}).
 * - `stall`: a streamed response that starts (role chunk, optional `textBeforeStall`) and then
 *   sends nothing more, open until the client gives up (a model stuck mid-answer; a
 *   non-streaming request gets a `hang`).
 * - `reset`: the connection is destroyed before any response byte (the client sees a network
 *   error such as `ECONNRESET`, no HTTP status).
 *
 * Every request is recorded (parsed body, tool names offered, stream flag) in `requests`, in
 * arrival order. When the script runs out the server answers 500 `script exhausted`, so a test
 * that makes one call too many fails loudly. Everything is deterministic: ids are
 * `chatcmpl-scripted-<n>` and `call_<n>_<k>`, `created` is a constant. The response bodies and
 * SSE chunks are written by `scripted-openai-wire.ts`; this file routes, records and scripts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import {
  errorBody,
  sendJson,
  writeCompletion,
  writeStall,
  writeStreamError,
} from "./scripted-openai-wire.js";

/** One tool call the scripted assistant makes. `id` defaults to `call_<request>_<k>`. */
export interface ScriptedToolCall {
  readonly name: string;
  /** Serialized with `JSON.stringify` as the call's `arguments`; a string is sent verbatim. */
  readonly args: unknown;
  readonly id?: string;
}

/** What the server does for one request. See the module docs. */
export type ScriptedTurn =
  | ({ readonly type: "tool-call" } & ScriptedToolCall)
  | { readonly type: "tool-calls"; readonly calls: readonly ScriptedToolCall[] }
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "http-error";
      readonly status: number;
      readonly message?: string;
      readonly headers?: Readonly<Record<string, string>>;
    }
  | {
      readonly type: "stream-error";
      readonly message?: string;
      readonly textBeforeError?: string;
      readonly mode?: "error-chunk" | "disconnect";
    }
  | { readonly type: "delay"; readonly ms: number; readonly turn: ScriptedTurn }
  | { readonly type: "hang" }
  | { readonly type: "stall"; readonly textBeforeStall?: string }
  | { readonly type: "reset" };

/** The subset of a chat-completions request body tests usually assert on; the rest is kept. */
export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().optional(),
  stream: z.boolean().optional(),
  messages: z.array(z.looseObject({ role: z.string() })),
  tools: z
    .array(z.looseObject({ type: z.string(), function: z.looseObject({ name: z.string() }) }))
    .optional(),
  tool_choice: z.unknown().optional(),
});

/** A parsed chat-completions request body. */
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** One request as the server saw it. */
export interface RecordedRequest {
  /** 0-based arrival order; also the index of the script turn it got. */
  readonly index: number;
  readonly method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body (null when the body was not a valid chat-completions request). */
  readonly body: ChatCompletionRequest | null;
  /** `body.stream === true`. */
  readonly stream: boolean;
  /** Names of the function tools offered, in request order. */
  readonly toolNames: readonly string[];
  /** True once the client closed the connection before the response finished (abort). */
  clientClosed: boolean;
  /**
   * True while the response is neither finished nor closed: a stream a client has left open.
   * A client that cancels or finishes every stream leaves no request `open` once it settles.
   */
  open: boolean;
}

/** A script: fixed turns, or a function choosing the turn for each request. */
export type Script =
  | readonly ScriptedTurn[]
  | ((request: RecordedRequest) => ScriptedTurn | Promise<ScriptedTurn>);

/** Options for {@link startScriptedOpenAIServer}. */
export interface ScriptedOpenAIServerOptions {
  readonly script: Script;
  /** Model name echoed in responses. Default `scripted-model`. */
  readonly model?: string;
}

/** A running server. Close it (or `await using`) when done; close is idempotent. */
export interface ScriptedOpenAIServer extends AsyncDisposable {
  /** Base URL for OpenAI-compatible clients, ending in `/v1` (e.g. `http://127.0.0.1:53121/v1`). */
  readonly baseUrl: string;
  /** Every request so far, in arrival order (live array). */
  readonly requests: readonly RecordedRequest[];
  /** Resolves once at least `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  /** Stops listening, ends open (hanging or delayed) responses and clears timers. */
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function parseRequestBody(text: string): ChatCompletionRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = chatCompletionRequestSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Starts a scripted server on 127.0.0.1 with an OS-assigned port.
 *
 * @throws Error when the port cannot be bound (the test environment's fault, not the script's).
 */
export async function startScriptedOpenAIServer(
  options: ScriptedOpenAIServerOptions,
): Promise<ScriptedOpenAIServer> {
  const model = options.model ?? "scripted-model";
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let closed = false;

  const notifyWaiters = () => {
    for (const waiter of [...waiters]) {
      if (requests.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const turnFor = async (recorded: RecordedRequest): Promise<ScriptedTurn | null> => {
    if (typeof options.script === "function") return options.script(recorded);
    return options.script[recorded.index] ?? null;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const play = async (
    turn: ScriptedTurn,
    recorded: RecordedRequest,
    response: ServerResponse,
  ): Promise<void> => {
    const identity = { index: recorded.index, model };
    switch (turn.type) {
      case "delay":
        await sleep(turn.ms);
        if (closed || recorded.clientClosed) return;
        return play(turn.turn, recorded, response);
      case "hang":
        // Keep the response open; the client's abort or close() ends it.
        return;
      case "stall":
        writeStall(response, identity, recorded.stream, turn);
        return;
      case "reset":
        response.socket?.destroy();
        return;
      case "http-error":
        sendJson(
          response,
          turn.status,
          errorBody(
            turn.message ?? `scripted error ${turn.status}`,
            turn.status === 429 ? "rate_limit_exceeded" : "server_error",
          ),
          turn.headers,
        );
        return;
      case "stream-error":
        writeStreamError(response, identity, recorded.stream, turn);
        return;
      case "text":
      case "tool-call":
      case "tool-calls":
        writeCompletion(response, identity, recorded, turn);
        return;
    }
  };

  const server = createServer((request, response) => {
    // Listen before reading the body: a client that gives up while the body is still arriving
    // must show as closed, not as a stream left open.
    const state: { closed: boolean; clientClosed: boolean; recorded: RecordedRequest | null } = {
      closed: false,
      clientClosed: false,
      recorded: null,
    };
    response.on("close", () => {
      state.closed = true;
      state.clientClosed = !response.writableFinished;
      if (state.recorded !== null) {
        if (state.clientClosed) state.recorded.clientClosed = true;
        state.recorded.open = false;
      }
    });
    void (async () => {
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      const text = await readBody(request);
      const body = parseRequestBody(text);
      const recorded: RecordedRequest = {
        index: requests.length,
        method: request.method ?? "GET",
        path,
        headers: { ...request.headers },
        body,
        stream: body?.stream === true,
        toolNames: (body?.tools ?? []).map((item) => item.function.name),
        clientClosed: state.closed && state.clientClosed,
        open: !state.closed,
      };
      state.recorded = recorded;
      requests.push(recorded);
      notifyWaiters();
      if (request.method !== "POST" || !/^(?:\/v1)?\/chat\/completions$/.test(path)) {
        sendJson(
          response,
          404,
          errorBody(`scripted server: no route for ${request.method} ${path}`, "not_found"),
        );
        return;
      }
      if (body === null) {
        sendJson(
          response,
          400,
          errorBody(
            "scripted server: body is not a chat-completions request",
            "invalid_request_error",
          ),
        );
        return;
      }
      const turn = await turnFor(recorded);
      if (turn === null) {
        sendJson(
          response,
          500,
          errorBody(
            `scripted server: script exhausted after ${recorded.index} turns`,
            "server_error",
          ),
        );
        return;
      }
      await play(turn, recorded, response);
    })().catch((error: unknown) => {
      if (!response.headersSent) {
        sendJson(
          response,
          500,
          errorBody(
            `scripted server: ${error instanceof Error ? error.message : String(error)}`,
            "server_error",
          ),
        );
      } else {
        response.destroy();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const close = async () => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await done;
  };

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    waitForRequests(count: number) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
