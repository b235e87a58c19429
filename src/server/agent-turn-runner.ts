/**
 * Adapts the primary agent (`runPrimaryTurn`) to the server's {@link TurnRunner}: builds the
 * locked {@link AgentContext} for the turn (app, chat, in-flight message, Pro, abort), the toolset
 * for the mode and the stored consents, and the model conversation from the chat's messages.
 */
import type { LanguageModel, ModelMessage } from "ai";
import { buildToolSet } from "../agent/build-tool-set.js";
import type { AgentContext } from "../agent/context.js";
import { runPrimaryTurn } from "../agent/primary/run-primary-turn.js";
import { withoutCards } from "../card/segment-message.js";
import type { AgentMode } from "../contracts/agent-mode.js";
import type { Engine } from "../engine/engine.js";
import type { HistoryPort } from "../history/index.js";
import type { IndexWaiter } from "../history/types.js";
import type { SettingsStore } from "../settings/index.js";
import type { Store } from "../store/open-store.js";
import type { TelemetrySink } from "../telemetry/index.js";
import type { StoredMessage } from "./api-rows.js";
import type { TurnRunner } from "./create-app.js";
import { teamAppOf } from "./team-app.js";

/** Options for {@link createAgentTurnRunner}. */
export interface AgentTurnRunnerOptions {
  readonly store: Store;
  readonly settings: SettingsStore;
  /** The primary model for every turn. */
  readonly model: LanguageModel;
  /** The explorer's Engine; null when none is configured (the explorer fails closed). */
  readonly engine: Engine | null;
  /** True when the primary model does not run through the Engine (removes the history tools). */
  readonly freeModelMode: boolean;
  readonly mode?: AgentMode;
  readonly telemetry?: TelemetrySink;
  /** Called after the turn's messages are written, e.g. to kick the indexer. */
  readonly onMessagesWritten?: () => void;
  /** The running indexer; history searches wait up to 1 s for it (see `AgentContext.indexer`). */
  readonly indexer?: IndexWaiter;
  /**
   * A team's store (issue 32): each turn's history tools search, read and explore its app of the
   * local app's name (`team-app.ts`); the turn's chat, replies and summary stay local.
   */
  readonly history?: HistoryPort;
}

/**
 * The model conversation: earlier messages as plain text with stored history cards removed
 * (their archival excerpts stay out of the primary context unless read_chat fetches them
 * deliberately), then the new message. Empty messages are skipped.
 */
export function toModelMessages(
  history: readonly StoredMessage[],
  userText: string,
): ModelMessage[] {
  const earlier = history.flatMap((message): ModelMessage[] => {
    const content = withoutCards(message.content).trim();
    return content ? [{ role: message.role, content }] : [];
  });
  return [...earlier, { role: "user", content: userText }];
}

/**
 * Creates the runner. Reads consents and entitlement fresh for every turn. With a team store, a
 * turn whose app is not on it (or a server that cannot be used) fails with that classified error
 * before the model runs.
 */
export function createAgentTurnRunner(options: AgentTurnRunnerOptions): TurnRunner {
  const mode = options.mode ?? "agent";
  return async (request) => {
    options.onMessagesWritten?.();
    const team =
      options.history === undefined
        ? undefined
        : await teamAppOf(options.store, options.history, request.appId);
    const ctx: AgentContext = {
      store: options.store,
      appId: request.appId,
      chatId: request.chatId,
      messageId: request.assistantMessageId,
      isPro: request.isPro,
      abortSignal: request.signal,
      ...(options.indexer ? { indexer: options.indexer } : {}),
      ...(team === undefined ? {} : { history: options.history, historyAppId: team.id }),
    };
    const consents = options.settings.read().consent;
    const toolSet = buildToolSet(ctx, {
      mode,
      freeModelMode: options.freeModelMode,
      ...(consents ? { consents } : {}),
    });
    await runPrimaryTurn({
      ctx,
      model: options.model,
      engine: options.engine,
      mode,
      toolSet,
      messages: toModelMessages(request.history, request.userText),
      prompter: request.prompter,
      onEvent: request.onEvent,
      turnId: request.turnId,
      locale: request.locale,
      ...(options.telemetry ? { telemetry: options.telemetry } : {}),
    });
  };
}
