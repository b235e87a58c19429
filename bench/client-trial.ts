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

function show(
  label: string,
  run: { code: number | null; stdout: string; stderr: string; ms: number },
): void {
  process.stdout.write(`\n## ${label} (exit ${run.code}, ${run.ms} ms)\n${run.stdout.trim()}\n`);
  if (run.stderr.trim()) process.stdout.write(`[stderr] ${run.stderr.trim().slice(0, 2000)}\n`);
}

async function main(): Promise<void> {
  const prefix = process.argv[2] ?? "/tmp/clients";
  const store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
  try {
    const claude = claudeBinIn(prefix);
    if (existsSync(claude)) {
      const trial = await runClaudeTrial({
        claudeBin: claude,
        storePath: store.path,
        app: "Acme Shop",
      });
      process.stdout.write("# Claude Code\n");
      show("claude mcp add", trial.mcpAdd);
      show("claude mcp list", trial.mcpList);
      show("claude -p", trial.print);
      process.stdout.write(
        `\nmodel requests: ${trial.requests.length} (${trial.requests
          .map(
            (r) =>
              `${r.atMs} ms ${r.model} tools=${r.toolNames.length} results=${r.toolResults.length}`,
          )
          .join("; ")})\n`,
      );
      process.stdout.write(
        `\n## tool result handed to the model\n${trial.toolResult?.text ?? "(none)"}\n`,
      );
    } else process.stdout.write(`# Claude Code: skipped, not installed at ${claude}\n`);
    const gemini = geminiBinIn(prefix);
    if (existsSync(gemini)) {
      const trial = await runGeminiTrial({
        geminiBin: gemini,
        storePath: store.path,
        app: "Acme Shop",
      });
      process.stdout.write("\n# Gemini CLI\n");
      show("gemini mcp add", trial.mcpAdd);
      show("gemini mcp list", trial.mcpList);
      show("gemini -p", trial.print);
      process.stdout.write(
        `\nmodel requests: ${trial.requests.length} (${trial.requests
          .map(
            (r) =>
              `${r.atMs} ms ${r.path} tools=${r.toolNames.length} results=${r.toolResults.length}`,
          )
          .join("; ")})\n`,
      );
      process.stdout.write(
        `\n## tool result handed to the model\n${trial.toolResult ?? "(none)"}\n`,
      );
    } else process.stdout.write(`# Gemini CLI: skipped, not installed at ${gemini}\n`);
  } finally {
    store.cleanup();
  }
}

await main();
