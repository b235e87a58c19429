/**
 * A scripted Gemini API endpoint (`generativelanguage.googleapis.com`'s shape) for trials and
 * tests: real HTTP on 127.0.0.1 (random port) answering `POST /<version>/models/<model>:
 * generateContent` as one JSON response and `…:streamGenerateContent?alt=sse` as SSE, with what a
 * script decides instead of a model; `…:countTokens` answers a constant. It is what
 * `GOOGLE_GEMINI_BASE_URL` points Gemini CLI at (with `GEMINI_API_KEY` set to anything) when no
 * key or network is available (`bench/client-trial.ts`, `src/mcp/real-clients.test.ts`).
 * Any other path answers 404 in Google's error shape.
 */
import { listenOnLoopback, readBody } from "./loopback-http.js";

/** One answer of the scripted model: a function call or text. */
export type GeminiTurn =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "function_call";
      readonly name: string;
      readonly args: Record<string, unknown>;
    };

/** One request as the server saw it. */
export interface GeminiRequest {
  readonly path: string;
  readonly model: string;
  readonly stream: boolean;
  readonly body: Record<string, unknown>;
  /** Every `functionDeclarations[].name` offered, in order. */
  readonly toolNames: readonly string[];
  /** Every `functionResponse` part in `contents`, oldest first, its `response` as JSON text. */
  readonly toolResults: readonly { readonly name: string; readonly text: string }[];
  /** Milliseconds since the server started when the request arrived. */
  readonly atMs: number;
}

/** A running scripted endpoint. */
export interface ScriptedGeminiServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`, for `GOOGLE_GEMINI_BASE_URL`. */
  readonly baseUrl: string;
  readonly requests: readonly GeminiRequest[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function toolNamesOf(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    const declarations = (tool as { functionDeclarations?: unknown } | null)?.functionDeclarations;
    return Array.isArray(declarations)
      ? declarations.map((d) => String((d as Json).name ?? ""))
      : [];
  });
}

function toolResultsOf(contents: unknown): { name: string; text: string }[] {
  if (!Array.isArray(contents)) return [];
  return contents.flatMap((content) => {
    const parts = (content as { parts?: unknown } | null)?.parts;
    if (!Array.isArray(parts)) return [];
    return parts.flatMap((part) => {
      const response = (part as { functionResponse?: Json } | null)?.functionResponse;
      return response
        ? [{ name: String(response.name ?? ""), text: JSON.stringify(response.response ?? null) }]
        : [];
    });
  });
}

function responseBody(turn: GeminiTurn, model: string): Json {
  const part =
    turn.type === "text"
      ? { text: turn.text }
      : { functionCall: { name: turn.name, args: turn.args } };
  return {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: model,
  };
}

const METHOD = /^\/[^/]+\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/;

/**
 * Starts the endpoint. `script` is called once per generate request (streamed or not, including
 * the client's side requests such as its model router) with the request and its 0-based number;
 * a throw answers 500. Close it (or `await using`) when done.
 */
export async function startScriptedGeminiServer(options: {
  readonly script: (request: GeminiRequest, n: number) => GeminiTurn;
}): Promise<ScriptedGeminiServer> {
  const requests: GeminiRequest[] = [];
  const started = Date.now();
  const server = await listenOnLoopback((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? "").split("?")[0] ?? "";
      const match = req.method === "POST" ? METHOD.exec(path) : null;
      const send = (status: number, body: Json) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (!match) return send(404, { error: { code: 404, message: path, status: "NOT_FOUND" } });
      const [, model = "", method] = match;
      if (method === "countTokens") return send(200, { totalTokens: 1 });
      const body = JSON.parse(raw) as Json;
      const request: GeminiRequest = {
        path,
        model,
        stream: method === "streamGenerateContent",
        body,
        toolNames: toolNamesOf(body.tools),
        toolResults: toolResultsOf(body.contents),
        atMs: Date.now() - started,
      };
      const n = requests.push(request) - 1;
      let turn: GeminiTurn;
      try {
        turn = options.script(request, n);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return send(500, { error: { code: 500, message, status: "INTERNAL" } });
      }
      if (!request.stream) return send(200, responseBody(turn, model));
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(`data: ${JSON.stringify(responseBody(turn, model))}\r\n\r\n`);
    })();
  });
  return {
    baseUrl: server.baseUrl,
    requests,
    close: server.close,
    [Symbol.asyncDispose]: server.close,
  };
}
