/**
 * One MCP client session over the library (issue 10): which tools exist (entitlement × consent,
 * read from the settings file on every request, so `recollect settings set` applies without a
 * restart), running a call through the very tool definitions the primary agent uses, and reading
 * an evidence link. The session is locked to one app, resolved on first use and re-resolved when
 * the client's roots change. It parses and renders; the rules live in `agent/`.
 */

import {
  type CallToolResult,
  ErrorCode,
  type ReadResourceResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { type BuiltToolSet, buildToolSet } from "../agent/build-tool-set.js";
import { consentDisclosure } from "../agent/consent/consent-copy.js";
import { resolveConsent } from "../agent/consent/resolve-consent.js";
import type { AgentContext } from "../agent/context.js";
import { requirePro } from "../agent/entitlement/require-pro.js";
import { recordToolTelemetry } from "../agent/primary/tool-telemetry.js";
import {
  citedTargetNotes,
  reportWithCitationNotes,
} from "../agent/tools/explore-chat-history/cited-target-notes.js";
import type { ExploreChatHistoryOutput } from "../agent/tools/explore-chat-history/index.js";
import { archivalModelOutput } from "../agent/tools/history-tool-execute.js";
import { READ_CHAT_TOOL_NAME } from "../agent/tools/read-chat-tool.js";
import { type AnyToolDefinition, TOOL_DEFINITIONS } from "../agent/tools/registry.js";
import type { ToolExecutionContext } from "../agent/tools/tool-definition.js";
import { EXPLORE_CHAT_HISTORY_TOOL_NAME } from "../agent/tools/tool-names.js";
import type { ExploreProgress } from "../card/explore-progress.js";
import type { HistoryCard } from "../card/history-card.js";
import type { ExploreChatHistoryReport } from "../card/report-schema.js";
import type { Engine } from "../engine/engine.js";
import { createSamplingEngine, type EngineUse } from "../engine/sampling-engine.js";
import type { SampleMessage, SamplingTools } from "../engine/sampling-language-model.js";
import { quotedValue } from "../errors/quoted-value.js";
import {
  AbortedError,
  RecollectError,
  toRecollectError,
  UserCancelledError,
} from "../errors/recollect-error.js";
import type { RemedyWriter } from "../errors/remedy.js";
import type { HistoryPort } from "../history/index.js";
import type { IndexWaiter, ReadChatResult } from "../history/types.js";
import {
  allowToolWithConsent,
  isMcpSamplingOn,
  SETTINGS_DEFAULTS,
  type SettingsStore,
} from "../settings/index.js";
import type { Store } from "../store/open-store.js";
import type { TelemetrySink } from "../telemetry/index.js";
import { CLIENT_ADDED_ARGUMENTS, withoutClientAddedArguments } from "./client-added-arguments.js";
import { ConsentNotAskedError } from "./consent-not-asked-error.js";
import type { ElicitationConsentPrompter } from "./elicitation-consent-prompter.js";
import { parseEvidenceUri } from "./evidence-uri.js";
import { findLiveSessionChat } from "./live-session.js";
import {
  resolveSessionApp,
  type SessionApp,
  type SessionAppSources,
} from "./resolve-session-app.js";
import { parseToolArguments } from "./tool-arguments.js";
import { MCP_TOOL_NAMES, toolDescriptor } from "./tool-descriptors.js";
import {
  EVIDENCE_MIME_TYPE,
  errorPayload,
  errorToolResult,
  exploreToolResult,
  readChatToolResult,
} from "./tool-results.js";

/** MCP's JSON-RPC code for an unknown resource (spec § Resources, error handling). */
export const RESOURCE_NOT_FOUND_CODE = -32002;
/**
 * The code for a read the person refused (consent `never`, a declined question): MCP's own code
 * for a user's rejection (spec § Sampling, "User rejected sampling request"), outside the
 * JSON-RPC range because it is no protocol fault.
 */
export const USER_REJECTED_CODE = -1;
/**
 * The code for a read a precondition stops (no Pro, no app for this project, consent that could
 * not be asked): implementation-defined, in JSON-RPC's server range (-32000 and -32001 are the
 * SDK's own: connection closed, request timeout). `data.error.kind` classifies it.
 */
export const PRECONDITION_CODE = -32010;

/**
 * The JSON-RPC code of a failed `resources/read`, by the classified error's kind. Never -32600
 * (Invalid Request): the request was well-formed.
 */
export function resourceReadErrorCode(kind: RecollectError["kind"]): number {
  if (kind === "not_found") return RESOURCE_NOT_FOUND_CODE;
  if (kind === "user_cancelled") return USER_REJECTED_CODE;
  if (kind === "precondition") return PRECONDITION_CODE;
  if (kind === "invalid_input") return ErrorCode.InvalidParams;
  return ErrorCode.InternalError;
}

/**
 * A JSON-RPC error answer (`code`, `message`, `data` are what the SDK's protocol layer sends).
 * Not the SDK's `McpError`, whose message already carries an "MCP error <code>:" prefix that the
 * client's own `McpError` then repeats.
 */
export class JsonRpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "JsonRpcError";
    this.code = code;
    this.data = data;
  }
}

/** What the session needs from its host process. */
export interface McpSessionOptions {
  readonly store: Store;
  readonly settings: SettingsStore;
  readonly telemetry: TelemetrySink;
  /**
   * The Engine the explorer runs on, or the classified error that configuring it raised (a missing
   * base URL, an unknown kind): explore calls then fail with that error, never with a fallback.
   */
  readonly engine: Engine | RecollectError;
  /** The running indexer: searches wait ≤ 1 s for it (DESIGN.md budgets: index wait). */
  readonly indexer?: IndexWaiter;
  /** Where the app may be named (`--app`, the client's roots, …); asked on first use. */
  readonly appSources: (signal: AbortSignal) => Promise<SessionAppSources>;
  /**
   * Sends one `sampling/createMessage` request to the client, with how the child tools reach it
   * (`native` when it declares `sampling.tools`, `messages` when it declares plain `sampling`),
   * or null when it does not offer sampling. Used only while `mcp.sampling` is `on`. Default: none.
   */
  readonly sampler?: () => { readonly sample: SampleMessage; readonly tools: SamplingTools } | null;
  /** The elicitation prompter, or null when the client cannot elicit (the host's own prompt applies). */
  readonly consentPrompter: () => ElicitationConsentPrompter | null;
  /** Called once each time a call resolves a (new) app, e.g. to sync that project in the background. */
  readonly onAppResolved?: (app: SessionApp) => void;
  readonly env: NodeJS.ProcessEnv;
  /** The client's `clientInfo.name` from `initialize` (which agent's live session to exclude). */
  readonly clientName?: () => string | undefined;
  /**
   * Writes the commands an error suggests (turn Pro on, import the project) as the person behind
   * the agent runs Recollect, with this server's store (`src/cli/remedy-writer.ts`).
   */
  readonly remedyWriter: RemedyWriter;
  /** Milliseconds clock. */
  readonly now: () => number;
  /**
   * A team store's history (issue 32): the session's app is the team store's app of the name the
   * local store gives the project (or `--app`), the tools search and read there, and no live
   * session is excluded (its chat is a local one). Without it, the local store's history.
   */
  readonly history?: HistoryPort;
  /** Candidate tools; default the registry's. Tests narrow budgets through this. */
  readonly definitions?: readonly AnyToolDefinition[];
  /** One line of diagnostics (stderr); never archival text. Default: dropped. */
  readonly log?: (line: string) => void;
}

/** Per-call extras from the transport. */
export interface McpCallOptions {
  /** Fires on `notifications/cancelled` for this request or when the connection closes. */
  readonly signal: AbortSignal;
  /** Set when the request carried a progress token. */
  readonly onProgress?: (progress: ExploreProgress) => void;
}

/** The session's operations, one per MCP request it answers. */
export interface McpSession {
  /** `tools/list`: the tools this store's entitlement and consents expose now. */
  listTools(): Tool[];
  /**
   * `tools/call`. Resolves an `isError` result for every classified failure (no Pro, consent
   * `never` or declined, bad arguments, no app for this project, not found, Engine failure).
   * @throws JsonRpcError (`InvalidParams`) for a tool this surface does not have (e.g. search_chats).
   * @throws AbortedError when the call was cancelled: the transport then sends nothing.
   */
  callTool(name: string, args: unknown, options: McpCallOptions): Promise<CallToolResult>;
  /**
   * `resources/read` of an evidence link: the bounded read_chat window around that message.
   * @throws JsonRpcError `-32002` for a malformed URI or a missing, other-app or out-of-window
   *   message (one message for all of them), `-1` for a refused consent, `-32010` for no Pro, no
   *   app or consent that could not be asked ({@link resourceReadErrorCode}).
   */
  readResource(uri: string, options: McpCallOptions): Promise<ReadResourceResult>;
  /** Forget the resolved app (the client's roots changed). */
  invalidateApp(): void;
}

/** The exposure view of the session: only `isPro` is read by the tools' exposure checks. */
function exposureContext(store: Store, isPro: boolean): AgentContext {
  return {
    store,
    appId: 0,
    chatId: null,
    messageId: null,
    isPro,
    abortSignal: new AbortController().signal,
  };
}

/**
 * The session's app: the local store's (`resolveSessionApp`), or with a team store the team's app
 * of `--app`, else of the name the local store gives the client's project.
 * @throws what `resolveSessionApp` and `HistoryPort.resolveApp` throw.
 */
async function sessionAppOf(
  store: Store,
  history: HistoryPort | undefined,
  sources: SessionAppSources,
): Promise<SessionApp> {
  if (history === undefined) return resolveSessionApp(store.db, sources);
  if (sources.appName !== undefined) {
    const app = await history.resolveApp(sources.appName.trim());
    return { appId: app.id, appName: app.name, projectPath: null, source: "app_option" };
  }
  const local = resolveSessionApp(store.db, sources);
  const app = await history.resolveApp(local.appName);
  return { ...local, appId: app.id, appName: app.name };
}

/** Creates the session; nothing is read from the store until a request needs it. */
export function createMcpSession(options: McpSessionOptions): McpSession {
  const candidates = (options.definitions ?? TOOL_DEFINITIONS).filter((definition) =>
    MCP_TOOL_NAMES.has(definition.name),
  );
  let resolved: Promise<SessionApp> | null = null;
  const log = options.log ?? (() => undefined);
  /** Client-added argument names already logged: once a session, not once a call. */
  const loggedClientArguments = new Set<string>();
  const withoutClientArguments = (definition: AnyToolDefinition, input: unknown): unknown => {
    const { args, ignored } = withoutClientAddedArguments(input, definition.inputSchema);
    for (const name of ignored) {
      if (loggedClientArguments.has(name)) continue;
      loggedClientArguments.add(name);
      log(
        `recollect mcp: ignoring the argument ${name} that ${CLIENT_ADDED_ARGUMENTS[name]} adds to every tool call`,
      );
    }
    return args;
  };

  const isPro = () =>
    (options.settings.read().entitlement ?? SETTINGS_DEFAULTS.entitlement) === "pro";
  const storedConsents = () => options.settings.read().consent;

  const toolSet = (): BuiltToolSet =>
    buildToolSet(exposureContext(options.store, isPro()), {
      mode: "ask",
      freeModelMode: false,
      consents: storedConsents() ?? {},
      definitions: candidates,
    });

  const sessionApp = (signal: AbortSignal): Promise<SessionApp> => {
    if (resolved === null) {
      const attempt = options
        .appSources(signal)
        .then((sources) => sessionAppOf(options.store, options.history, sources));
      resolved = attempt;
      attempt.then(
        (app) => options.onAppResolved?.(app),
        () => {
          // Not cached: the project may be imported before the next call.
          if (resolved === attempt) resolved = null;
        },
      );
    }
    return resolved;
  };

  /** Consent in force for `definition`; `never` refuses the call (the tool is not even listed). */
  const consentFor = (definition: AnyToolDefinition): "always" | "ask" => {
    const consent = resolveConsent(definition.name, definition.defaultConsent, storedConsents());
    if (consent === "never") {
      throw new UserCancelledError(
        definition.name,
        `${definition.name} is turned off for this store (consent never).`,
        [allowToolWithConsent(definition.name)],
      );
    }
    return consent;
  };

  /** Consent `ask`: the elicitation prompt when the client has one; true when it was shown. */
  const askConsent = async (
    definition: AnyToolDefinition,
    preview: string,
    signal: AbortSignal,
  ): Promise<boolean> => {
    const prompter = options.consentPrompter();
    if (prompter === null) return false;
    const disclosure = consentDisclosure(definition.name);
    const answer = await prompter.confirm(
      { toolName: definition.name, preview, disclosure },
      signal,
    );
    if (signal.aborted) throw new AbortedError();
    if (answer.decision === "not_asked")
      throw new ConsentNotAskedError(definition.name, answer.reason);
    if (answer.decision !== "allow") throw new UserCancelledError(definition.name);
    return true;
  };

  /**
   * The Engine of one call: the client's model when `mcp.sampling` is on and the client offers
   * sampling, with tools or through plain messages (the configured Engine is its fallback), else the configured Engine; null
   * when neither is available.
   */
  const callEngine = (): Engine | ReturnType<typeof createSamplingEngine> | null => {
    const configured = RecollectError.isInstance(options.engine) ? null : options.engine;
    const sampler = isMcpSamplingOn(options.settings.read()) ? (options.sampler?.() ?? null) : null;
    if (sampler === null) return configured;
    return createSamplingEngine({
      sample: sampler.sample,
      tools: sampler.tools,
      fallback: configured,
      onFallback: (code) =>
        log(
          `recollect mcp: the client did not answer a sampling request${code === null ? "" : ` (code ${code})`}; exploring on the ${configured?.kind} engine instead`,
        ),
    });
  };

  const executionContext = async (
    call: McpCallOptions,
    engine: Engine | null,
  ): Promise<ToolExecutionContext> => {
    const app = await sessionApp(call.signal);
    return {
      store: options.store,
      appId: app.appId,
      chatId:
        options.history === undefined
          ? findLiveSessionChat({
              db: options.store.db,
              appId: app.appId,
              projectPath: app.projectPath,
              env: options.env,
              now: options.now,
              ...(options.clientName?.() ? { clientName: options.clientName() } : {}),
            })
          : null,
      ...(options.history ? { history: options.history } : {}),
      messageId: null,
      isPro: isPro(),
      abortSignal: call.signal,
      ...(options.indexer ? { indexer: options.indexer } : {}),
      engine,
      updateCard: (card: HistoryCard) => {
        // No card is rendered here; the explorer's pending card carries its typed progress.
        if (card.kind === "explore" && card.card.state === "pending")
          call.onProgress?.(card.card.progress);
      },
    };
  };

  /**
   * Runs `definition` for `input`: Pro, consent `never`, arguments, consent `ask`, the app, then
   * the tool itself; one telemetry record either way. Returns the tool's typed output and, for
   * the explorer, which engine answered.
   */
  const run = async (
    definition: AnyToolDefinition,
    input: unknown,
    call: McpCallOptions,
  ): Promise<{ output: unknown; engine: EngineUse | null }> => {
    const started = options.now();
    let consent: "always" | "ask" = "always";
    let prompted = false;
    const record = (output: unknown, error: RecollectError | null) =>
      recordToolTelemetry(options.telemetry, {
        toolName: definition.name,
        durationMs: options.now() - started,
        consent,
        prompted,
        output,
        error,
        surface: "mcp",
      });
    try {
      requirePro({ isPro: isPro() }, definition.name, options.settings.path);
      consent = consentFor(definition);
      const parsed = parseToolArguments(
        definition.inputSchema,
        withoutClientArguments(definition, input),
      );
      if (consent === "ask") {
        prompted = await askConsent(definition, definition.consentPreview(parsed), call.signal);
      }
      const engine = callEngine();
      const context = await executionContext(call, engine);
      if (
        definition.name === EXPLORE_CHAT_HISTORY_TOOL_NAME &&
        engine === null &&
        RecollectError.isInstance(options.engine)
      ) {
        throw options.engine;
      }
      const output = await definition.execute(parsed, context);
      if (call.signal.aborted) throw new AbortedError();
      record(output, null);
      const used =
        engine === null
          ? null
          : "used" in engine
            ? engine.used()
            : { kind: engine.kind, model_id: engine.modelId };
      return { output, engine: used };
    } catch (error) {
      const classified = call.signal.aborted ? new AbortedError() : toRecollectError(error);
      record(undefined, classified);
      throw classified;
    }
  };

  /**
   * `report` with what became of each cited message (`message_state`, `kept_after_file_deleted`),
   * checked in the local store; a team store's report as it is (no files of its chats here).
   */
  const withCitationNotes = async (
    report: ExploreChatHistoryReport,
    signal: AbortSignal,
  ): Promise<ExploreChatHistoryReport> => {
    if (options.history !== undefined) return report;
    const app = await sessionApp(signal);
    return reportWithCitationNotes(report, citedTargetNotes(options.store, app.appId));
  };

  const definitionNamed = (name: string) =>
    candidates.find((definition) => definition.name === name);

  return {
    listTools: () => toolSet().tools.map((entry) => toolDescriptor(entry.definition)),

    async callTool(name, args, call) {
      const definition = definitionNamed(name);
      if (definition === undefined) {
        // Named like a bad argument elsewhere: which (the tool name), what arrived (escaped, so a
        // control character in it never reaches a terminal raw) and what this server offers.
        const offered = toolSet().tools.map((entry) => entry.definition.name);
        throw new JsonRpcError(
          ErrorCode.InvalidParams,
          `Tool ${quotedValue(String(name))} not found: expected one of ${offered.length > 0 ? offered.join(", ") : "the tools tools/list names (none here)"}.`,
          { argument: "params.name", allowed: offered },
        );
      }
      try {
        const { output, engine } = await run(definition, args, call);
        if (definition.name === READ_CHAT_TOOL_NAME) {
          return readChatToolResult(output as ReadChatResult);
        }
        return exploreToolResult(
          await withCitationNotes((output as ExploreChatHistoryOutput).report, call.signal),
          engine,
        );
      } catch (error) {
        const classified = toRecollectError(error);
        if (classified.kind === "aborted") throw classified;
        return errorToolResult(classified, options.remedyWriter);
      }
    },

    async readResource(uri, call) {
      const address = parseEvidenceUri(uri);
      if (address === null) {
        throw new JsonRpcError(RESOURCE_NOT_FOUND_CODE, `Resource ${uri} not found`, { uri });
      }
      const definition = definitionNamed(READ_CHAT_TOOL_NAME);
      if (definition === undefined)
        throw new JsonRpcError(ErrorCode.InternalError, "read_chat missing");
      try {
        const input = { chat_id: address.chatId, around_message_id: address.messageId };
        const result = (await run(definition, input, call)).output as ReadChatResult;
        return {
          contents: [{ uri, mimeType: EVIDENCE_MIME_TYPE, text: archivalModelOutput(result) }],
        };
      } catch (error) {
        const classified = toRecollectError(error);
        if (classified.kind === "aborted") throw classified;
        const payload = errorPayload(classified, options.remedyWriter);
        throw new JsonRpcError(resourceReadErrorCode(classified.kind), String(payload.message), {
          uri,
          error: payload,
        });
      }
    },

    invalidateApp() {
      resolved = null;
    },
  };
}
