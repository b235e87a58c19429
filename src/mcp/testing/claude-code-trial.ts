/**
 * Trial support: runs an installed Claude Code (`@anthropic-ai/claude-code`) headless against
 * `recollect mcp` of this checkout, with a scripted Anthropic endpoint standing in for the model
 * (`src/test/scripted-anthropic-server.ts`). Turn 1 of the main conversation calls the explorer
 * tool with a question; turn 2, after the tool result, answers with text quoting that result.
 * Used by `bench/client-trial.ts` (prints what the client showed) and
 * `src/mcp/real-clients.test.ts` (asserts it). Needs no network: a temp `HOME`, a fake API key.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AnthropicRequest,
  type AnthropicTurn,
  startScriptedAnthropicServer,
} from "../../test/scripted-anthropic-server.js";
import { type ProcessRun, runProcess } from "./run-process.js";
import { BIN_PATH } from "./spawn-mcp-client.js";

/** The name Claude Code gives the explorer tool of a server registered as `recollect`. */
export const CLAUDE_EXPLORE_TOOL = "mcp__recollect__explore_chat_history";

/** The question the scripted model asks the explorer. */
export const TRIAL_QUESTION = "What did we decide about authentication?";

/** The path of Claude Code's launcher under an `npm install --prefix DIR` folder. */
export function claudeBinIn(prefix: string): string {
  return join(prefix, "node_modules", ".bin", "claude");
}

/**
 * The scripted model: while the explorer tool is not offered yet (Claude Code's first request may
 * go out while the server is still connecting), it calls `WaitForMcpServers` for `recollect`; a
 * request offering the explorer tool with no result for it yet calls it with
 * {@link TRIAL_QUESTION}; one carrying its result answers `Recollect said: <the result's first
 * 400 characters>`; any other request (titles, probes) gets `ok`. Ids follow the server's
 * `toolu_scripted_<n>`, which is how a result is matched to its call.
 */
export function claudeTrialScript(
  toolName: string,
): (request: AnthropicRequest, n: number) => AnthropicTurn {
  const calls = new Map<string, string>();
  const call = (n: number, name: string, input: Record<string, unknown>): AnthropicTurn => {
    calls.set(`toolu_scripted_${n}`, name);
    return { type: "tool_use", name, input };
  };
  return (request, n) => {
    const results = request.toolResults.filter((r) => calls.has(r.toolUseId));
    const explored = results.find((r) => calls.get(r.toolUseId) === toolName);
    if (explored) return { type: "text", text: `Recollect said: ${explored.text.slice(0, 400)}` };
    if (request.toolNames.includes(toolName)) return call(n, toolName, { query: TRIAL_QUESTION });
    if (request.toolNames.includes(WAIT_TOOL) && results.length === 0) {
      return call(n, WAIT_TOOL, { servers: ["recollect"] });
    }
    return { type: "text", text: "ok" };
  };
}

/** Claude Code's tool for waiting on MCP servers still connecting (2.1.197). */
const WAIT_TOOL = "WaitForMcpServers";

/** What one Claude Code trial showed. */
export interface ClaudeTrial {
  readonly mcpAdd: ProcessRun;
  readonly mcpList: ProcessRun;
  readonly print: ProcessRun;
  /** Every model request Claude Code made during `claude -p`. */
  readonly requests: readonly AnthropicRequest[];
  /** The explorer result as Claude Code passed it back to its model; null if it never did. */
  readonly toolResult: { readonly text: string; readonly isError: boolean } | null;
}

/**
 * Runs `claude mcp add`, `claude mcp list` and `claude -p` in a fresh project folder under a temp
 * `HOME`, the server being `node bin/recollect.js --db <storePath> mcp --app <app>`. The store
 * must have Pro on. Everything temporary is removed afterwards.
 */
export async function runClaudeTrial(options: {
  readonly claudeBin: string;
  readonly storePath: string;
  readonly app: string;
  readonly timeoutMs?: number;
}): Promise<ClaudeTrial> {
  if (!existsSync(options.claudeBin)) throw new Error(`no Claude Code at ${options.claudeBin}`);
  const root = mkdtempSync(join(tmpdir(), "recollect-claude-trial-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(home);
  mkdirSync(project);
  await using model = await startScriptedAnthropicServer({
    script: claudeTrialScript(CLAUDE_EXPLORE_TOOL),
  });
  const { CLAUDE_CODE_SESSION_ID: _s, CLAUDE_PROJECT_DIR: _p, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOME: home,
    ANTHROPIC_BASE_URL: model.baseUrl,
    ANTHROPIC_API_KEY: "sk-ant-scripted-trial",
    // No ENABLE_TOOL_SEARCH: with a custom base URL, 2.1.197 offers MCP tools directly anyway.
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  };
  const timeoutMs = options.timeoutMs ?? 120_000;
  const run = (args: readonly string[]) =>
    runProcess(options.claudeBin, args, { cwd: project, env, timeoutMs });
  try {
    const server = [
      process.execPath,
      BIN_PATH,
      "--db",
      options.storePath,
      "mcp",
      "--app",
      options.app,
    ];
    const mcpAdd = await run(["mcp", "add", "recollect", "--", ...server]);
    const mcpList = await run(["mcp", "list"]);
    const print = await run([
      "-p",
      TRIAL_QUESTION,
      "--allowedTools",
      CLAUDE_EXPLORE_TOOL,
      "--output-format",
      "text",
    ]);
    const result = model.requests
      .flatMap((r) => r.toolResults)
      .find((r) => r.text.includes("Recollect") || r.text.includes("summary"));
    return {
      mcpAdd,
      mcpList,
      print,
      requests: [...model.requests],
      toolResult: result ? { text: result.text, isError: result.isError } : null,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
