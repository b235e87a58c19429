/**
 * `recollect mcp` in the real clients, headless (issue 29 § Shows): Claude Code (`claude -p`) and
 * Gemini CLI (`gemini -p`) from npm, each against a scripted model endpoint on 127.0.0.1, call the
 * explorer and get its report. The clients are not dependencies of this project: install them
 * with `npm install --prefix DIR @anthropic-ai/claude-code @google/gemini-cli` and set
 * `RECOLLECT_TRIAL_CLIENTS=DIR`. A client that is absent skips its suite with one stderr line,
 * also under CI — `npm test` never downloads anything. `bench/client-trial.ts` prints the same
 * trial in full.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAUDE_EXPLORE_TOOL, claudeBinIn, runClaudeTrial } from "./testing/claude-code-trial.js";
import { geminiBinIn, runGeminiTrial } from "./testing/gemini-cli-trial.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";

const PREFIX = process.env.RECOLLECT_TRIAL_CLIENTS;

const HOW_TO_GET =
  "npm install --prefix DIR @anthropic-ai/claude-code @google/gemini-cli, then RECOLLECT_TRIAL_CLIENTS=DIR";

// With no prefix set, one line for the whole file; a prefix missing a client, one line for it.
if (!PREFIX)
  process.stderr.write(
    `skipped "real clients headless": RECOLLECT_TRIAL_CLIENTS unset (${HOW_TO_GET})\n`,
  );

function describeWithClient(bin: string | undefined, name: string, body: () => void): void {
  if (bin && existsSync(bin)) {
    describe(name, body);
    return;
  }
  if (bin)
    process.stderr.write(
      `skipped "${name}": needs the client (not found at ${bin}; ${HOW_TO_GET})\n`,
    );
  describe.skip(name, () => {
    it("needs the client", () => {});
  });
}

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
});
afterAll(() => store?.cleanup());

const TRIAL_TIMEOUT_MS = 240_000;

describeWithClient(PREFIX && claudeBinIn(PREFIX), "Claude Code headless (claude -p)", () => {
  it(
    "lists the server connected, calls the explorer and answers from its report",
    async () => {
      const trial = await runClaudeTrial({
        claudeBin: claudeBinIn(PREFIX ?? ""),
        storePath: store.path,
        app: "Acme Shop",
      });
      expect(trial.mcpAdd.code).toBe(0);
      expect(trial.mcpList.stdout).toMatch(/^recollect: .* - ✔ Connected$/m);
      expect(trial.requests.some((r) => r.toolNames.includes(CLAUDE_EXPLORE_TOOL))).toBe(true);
      expect(trial.toolResult?.isError).toBe(false);
      const report = JSON.parse(
        trial.toolResult?.text.slice(trial.toolResult.text.indexOf("{")) ?? "",
      );
      expect(report).toMatchObject({ outcome: "complete", index_status: "ready" });
      expect(report.findings[0].evidence[0]).toMatchObject({ chat_id: 1, message_id: 2 });
      expect(trial.print.code).toBe(0);
      expect(trial.print.stdout.startsWith("Recollect said: ")).toBe(true);
    },
    TRIAL_TIMEOUT_MS,
  );
});

describeWithClient(PREFIX && geminiBinIn(PREFIX), "Gemini CLI headless (gemini -p)", () => {
  it(
    "lists the server connected, calls the explorer and answers from its report",
    async () => {
      const trial = await runGeminiTrial({
        geminiBin: geminiBinIn(PREFIX ?? ""),
        storePath: store.path,
        app: "Acme Shop",
      });
      expect(trial.mcpAdd.code).toBe(0);
      expect(trial.mcpList.stderr).toMatch(/^✓ recollect: .* - Connected$/m);
      const output = JSON.parse(trial.toolResult ?? "null").output as string;
      expect(output).toContain("Outcome: complete");
      expect(output).toContain("recollect://chats/1/messages/2");
      expect(output).toMatch(/^Engine: offline /m);
      expect(trial.print.code).toBe(0);
      expect(trial.print.stdout.startsWith("Recollect said: ")).toBe(true);
    },
    TRIAL_TIMEOUT_MS,
  );
});
