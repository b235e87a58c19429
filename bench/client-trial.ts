/**
 * `npx tsx bench/client-trial.ts [PREFIX]`: tries `recollect mcp` in real clients headless, as a
 * new user would, with a scripted model endpoint on 127.0.0.1 in place of the vendor's API (no
 * key, no network). PREFIX (default `/tmp/clients`) is where the clients were installed:
 * `npm install --prefix /tmp/clients @anthropic-ai/claude-code @google/gemini-cli`. A client not
 * installed there is reported as skipped. Prints what each client showed — `mcp add`, `mcp list`,
 * the headless run's output, the tool result the client handed its model, and timings.
 * Not a `npm run bench` section: it needs clients this checkout does not install.
 */
import { existsSync } from "node:fs";
import { claudeBinIn, runClaudeTrial } from "../src/mcp/testing/claude-code-trial.js";
import { geminiBinIn, runGeminiTrial } from "../src/mcp/testing/gemini-cli-trial.js";
import { createMcpTestStore } from "../src/mcp/testing/mcp-store.js";
import type { ProcessRun } from "../src/mcp/testing/run-process.js";

/** What both trials report, in the words `show` prints. */
interface Trial {
  readonly mcpAdd: ProcessRun;
  readonly mcpList: ProcessRun;
  readonly print: ProcessRun;
  readonly requests: ReadonlyArray<{
    atMs: number;
    toolNames: readonly string[];
    toolResults: readonly unknown[];
  }>;
  readonly resultText: string | null;
}

function write(text: string): void {
  process.stdout.write(text);
}

function showRun(label: string, run: ProcessRun): void {
  write(`\n## ${label} (exit ${run.code}, ${run.ms} ms)\n${run.stdout.trim()}\n`);
  if (run.stderr.trim()) write(`[stderr] ${run.stderr.trim().slice(0, 2000)}\n`);
}

function show(client: string, command: string, trial: Trial): void {
  write(`\n# ${client}\n`);
  showRun(`${command} mcp add`, trial.mcpAdd);
  showRun(`${command} mcp list`, trial.mcpList);
  showRun(`${command} -p`, trial.print);
  const requests = trial.requests.map(
    (r) => `${r.atMs} ms tools=${r.toolNames.length} results=${r.toolResults.length}`,
  );
  write(`\nmodel requests: ${requests.length} (${requests.join("; ")})\n`);
  write(`\n## tool result handed to the model\n${trial.resultText ?? "(none)"}\n`);
}

async function main(): Promise<void> {
  const prefix = process.argv[2] ?? "/tmp/clients";
  const store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
  const target = { storePath: store.path, app: "Acme Shop" };
  try {
    const claude = claudeBinIn(prefix);
    if (existsSync(claude)) {
      const trial = await runClaudeTrial({ claudeBin: claude, ...target });
      show("Claude Code", "claude", { ...trial, resultText: trial.toolResult?.text ?? null });
    } else write(`# Claude Code: skipped, not installed at ${claude}\n`);
    const gemini = geminiBinIn(prefix);
    if (existsSync(gemini)) {
      const trial = await runGeminiTrial({ geminiBin: gemini, ...target });
      show("Gemini CLI", "gemini", { ...trial, resultText: trial.toolResult });
    } else write(`# Gemini CLI: skipped, not installed at ${gemini}\n`);
  } finally {
    store.cleanup();
  }
}

await main();
