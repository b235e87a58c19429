/**
 * Trial support: runs an installed Gemini CLI (`@google/gemini-cli`) headless against
 * `recollect mcp` of this checkout, with a scripted Gemini API endpoint standing in for the model
 * (`src/test/scripted-gemini-server.ts`, reached through `GOOGLE_GEMINI_BASE_URL`, which Gemini
 * CLI honours for `gemini-api-key` auth on localhost). Turn 1 calls the explorer tool; turn 2,
 * after its function response, answers with text quoting it. Used by `bench/client-trial.ts` and
 * `src/mcp/real-clients.test.ts`. Needs no network: a temp `HOME`, a fake API key.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type GeminiRequest,
  type GeminiTurn,
  startScriptedGeminiServer,
} from "../../test/scripted-gemini-server.js";
import { TRIAL_QUESTION } from "./claude-code-trial.js";
import { type ProcessRun, runProcess } from "./run-process.js";
import { BIN_PATH } from "./spawn-mcp-client.js";

/** The path of Gemini CLI's launcher under an `npm install --prefix DIR` folder. */
export function geminiBinIn(prefix: string): string {
  return join(prefix, "node_modules", ".bin", "gemini");
}

/**
 * The scripted model: a request offering a function whose name ends in `explore_chat_history`
 * (Gemini CLI may prefix MCP tools) with no response from it yet calls it with
 * {@link TRIAL_QUESTION}; one carrying its response answers `Recollect said: <the response's first
 * 400 characters>`; a JSON-mode request (the CLI's model router and checks) gets an object with
 * each required property of its schema filled ({@link jsonFor}); any other gets `ok`.
 */
export function geminiTrialScript(request: GeminiRequest): GeminiTurn {
  const config = request.body.generationConfig as Record<string, unknown> | undefined;
  if (config?.responseMimeType === "application/json") {
    return { type: "text", text: JSON.stringify(jsonFor(config.responseJsonSchema)) };
  }
  const explored = request.toolResults.find((r) => r.name.endsWith("explore_chat_history"));
  if (explored) return { type: "text", text: `Recollect said: ${explored.text.slice(0, 400)}` };
  const tool = request.toolNames.find((name) => name.endsWith("explore_chat_history"));
  if (tool) return { type: "function_call", name: tool, args: { query: TRIAL_QUESTION } };
  return { type: "text", text: "ok" };
}

/**
 * A value matching a JSON-mode request's schema well enough to parse: each required property
 * filled by type (string `scripted`, number 50, boolean false, array empty, the first enum
 * value). Without it Gemini CLI retries its router request 5 times with backoff (≈ 105 s).
 */
function jsonFor(schema: unknown): unknown {
  const s = (schema ?? {}) as {
    type?: unknown;
    enum?: unknown[];
    properties?: Record<string, unknown>;
    required?: string[];
  };
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const type = String(s.type ?? "object").toLowerCase();
  if (type === "string") return "scripted";
  if (type === "integer" || type === "number") return 50;
  if (type === "boolean") return false;
  if (type === "array") return [];
  const out: Record<string, unknown> = {};
  for (const name of s.required ?? []) out[name] = jsonFor(s.properties?.[name]);
  return out;
}

/** What one Gemini CLI trial showed. */
export interface GeminiTrial {
  readonly mcpAdd: ProcessRun;
  readonly mcpList: ProcessRun;
  readonly print: ProcessRun;
  readonly requests: readonly GeminiRequest[];
  /** The explorer's function response as Gemini CLI sent it to its model; null if never. */
  readonly toolResult: string | null;
}

/**
 * Runs `gemini mcp add`, `gemini mcp list` and `gemini -p --yolo` (headless tool calls need an
 * approval mode) in a fresh, trusted project folder under a temp `HOME`. The store must have Pro
 * on. Everything temporary is removed afterwards.
 */
export async function runGeminiTrial(options: {
  readonly geminiBin: string;
  readonly storePath: string;
  readonly app: string;
  readonly timeoutMs?: number;
}): Promise<GeminiTrial> {
  if (!existsSync(options.geminiBin)) throw new Error(`no Gemini CLI at ${options.geminiBin}`);
  const root = mkdtempSync(join(tmpdir(), "recollect-gemini-trial-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(join(home, ".gemini"), { recursive: true });
  mkdirSync(project);
  // An untrusted folder's MCP servers are "Disabled"; a person trusts it once, here by file.
  writeFileSync(
    join(home, ".gemini", "trustedFolders.json"),
    JSON.stringify({ [project]: "TRUST_FOLDER" }),
  );
  writeFileSync(
    join(home, ".gemini", "settings.json"),
    JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
  );
  await using model = await startScriptedGeminiServer({ script: geminiTrialScript });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    GOOGLE_GEMINI_BASE_URL: model.baseUrl,
    GEMINI_API_KEY: "scripted-trial-key",
    GEMINI_CLI_NO_RELAUNCH: "true",
  };
  const timeoutMs = options.timeoutMs ?? 120_000;
  const run = (args: readonly string[]) =>
    runProcess(options.geminiBin, args, { cwd: project, env, timeoutMs });
  try {
    const server = ["--db", options.storePath, "mcp", "--app", options.app];
    const mcpAdd = await run(["mcp", "add", "recollect", process.execPath, BIN_PATH, ...server]);
    const mcpList = await run(["mcp", "list"]);
    const print = await run(["-p", TRIAL_QUESTION, "--yolo", "--output-format", "text"]);
    const result = model.requests
      .flatMap((r) => r.toolResults)
      .find((r) => r.name.endsWith("explore_chat_history"));
    return {
      mcpAdd,
      mcpList,
      print,
      requests: [...model.requests],
      toolResult: result?.text ?? null,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
