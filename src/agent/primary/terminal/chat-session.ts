/**
 * The terminal conversation behind `recollect chat`: a loop reading the person's lines, running
 * one primary-agent turn per line, and printing the event stream compactly. Ctrl-C aborts the
 * running turn (the explorer card then says cancelled and is never replaced); Ctrl-C at the
 * prompt, `/exit`, the end of input or the `stopSignal` (the process's SIGINT/SIGTERM) ends the
 * session. Entitlement and consents are re-read
 * every turn, so a settings change applies to the next turn.
 */
import type { LanguageModel, ModelMessage } from "ai";
import type { AgentMode } from "../../../contracts/agent-mode.js";
import type { Engine } from "../../../engine/engine.js";
import type { SettingsStore } from "../../../settings/index.js";
import type { Store } from "../../../store/open-store.js";
import type { TelemetrySink } from "../../../telemetry/index.js";
import { buildToolSet } from "../../build-tool-set.js";
import { createQuestionConsentPrompter } from "../../consent/readline-consent-prompter.js";
import type { AgentContext } from "../../context.js";
import type { EntitlementProvider } from "../../entitlement/index.js";
import { runPrimaryTurn } from "../run-primary-turn.js";
import { createLineReader } from "./line-reader.js";
import { createTerminalPrinter } from "./terminal-printer.js";

/** Options of {@link runChatSession}. */
export interface ChatSessionOptions {
  readonly store: Store;
  readonly appId: number;
  readonly appName: string;
  readonly mode: AgentMode;
  readonly freeModelMode: boolean;
  readonly entitlement: EntitlementProvider;
  readonly settings: SettingsStore;
  readonly telemetry: TelemetrySink;
  /** The Engine the explorer uses. */
  readonly engine: Engine;
  /** The primary model (the offline router, or an Engine-backed model). */
  readonly model: LanguageModel;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /**
   * Makes text shown to the person safe for `output` (the CLI passes its terminal escaping of
   * control and bidirectional characters). Applied to everything the session writes — answers,
   * reports, cards, prompts, echoed lines — but not to the line editor's own cursor control,
   * which writes to `output` directly, so editing keeps working.
   */
  readonly showText: (text: string) => string;
  /** Line editing and Ctrl-C handling (true for a TTY). */
  readonly terminal: boolean;
  /**
   * The command line that turns Pro on, as the person runs Recollect (the CLI writes it, e.g.
   * `npx recollect --db /tmp/a.db settings set entitlement pro`); shown once without Pro.
   */
  readonly turnProOnCommand: string;
  /**
   * Ends the whole session when it fires (the CLI's SIGINT/SIGTERM): the running turn is aborted
   * as Ctrl-C aborts it, and no further line is read. Unlike the line editor's Ctrl-C, which only
   * cancels a turn, this is the process being stopped.
   */
  readonly stopSignal?: AbortSignal;
}

/** What the session did, for tests and exit codes. */
export interface ChatSessionSummary {
  readonly turns: number;
  readonly aborted: number;
}

const EXIT_COMMANDS: ReadonlySet<string> = new Set(["/exit", "/quit"]);

/** Runs the session until the input ends or the person exits. */
export async function runChatSession(options: ChatSessionOptions): Promise<ChatSessionSummary> {
  const write = (text: string) => {
    options.output.write(options.showText(text));
  };
  using reader = createLineReader(options.input, options.output, options.terminal);
  let turnController: AbortController | null = null;
  reader.onInterrupt(() => {
    if (turnController) turnController.abort();
    else reader.close();
  });
  const stop = () => {
    turnController?.abort();
    reader.close();
  };
  if (options.stopSignal?.aborted) stop();
  options.stopSignal?.addEventListener("abort", stop, { once: true });
  const prompter = createQuestionConsentPrompter(async (prompt, signal) => {
    write(prompt);
    return (await reader.next(signal)) ?? "";
  });
  const messages: ModelMessage[] = [];
  let turns = 0;
  let aborted = 0;
  write(
    `Chatting about app "${options.appName}" in ${options.mode} mode. Ctrl-C cancels a turn; /exit quits.\n`,
  );
  for (;;) {
    write("you> ");
    // Lines already queued are not run once the session is stopped.
    const line = options.stopSignal?.aborted ? null : await reader.next();
    if (line === null) {
      write("\n");
      break;
    }
    // A TTY echoes what was typed; piped input does not, so show it for a readable transcript.
    if (!options.terminal) write(`${line}\n`);
    const text = line.trim();
    if (text === "") continue;
    if (EXIT_COMMANDS.has(text)) break;
    const controller = new AbortController();
    turnController = controller;
    const ctx: AgentContext = {
      store: options.store,
      appId: options.appId,
      chatId: null,
      messageId: null,
      isPro: options.entitlement.entitlement() === "pro",
      abortSignal: controller.signal,
    };
    const toolSet = buildToolSet(ctx, {
      mode: options.mode,
      freeModelMode: options.freeModelMode,
      consents: options.settings.read().consent,
    });
    if (turns === 0 && !ctx.isPro) {
      write(`· History tools need Pro: \`${options.turnProOnCommand}\`.\n`);
    }
    messages.push({ role: "user", content: text });
    const result = await runPrimaryTurn({
      ctx,
      model: options.model,
      engine: options.engine,
      mode: options.mode,
      toolSet,
      messages,
      prompter,
      telemetry: options.telemetry,
      onEvent: createTerminalPrinter(write, "assistant> "),
    });
    turnController = null;
    turns++;
    if (result.outcome === "aborted") aborted++;
    messages.push(...result.responseMessages);
  }
  return { turns, aborted };
}
