/**
 * Browser-test harness: builds the web bundle into a temp folder, seeds a temp store, starts the
 * scripted OpenAI-compatible Engine and `recollect serve`'s server in-process on random ports, and
 * launches Debian's Chromium through playwright-core (never a downloaded browser).
 *
 * The scripted server plays both models. A request offering `submit_report` is the explorer
 * sub-agent; any other request is the primary agent. The current {@link Scenario} decides what
 * each returns, so one server serves every scenario of a test file in turn.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import axe from "axe-core";
import { type Browser, chromium, type Page } from "playwright-core";
import type { EntitlementProvider } from "../src/agent/entitlement/entitlement-provider.js";
import type { HistoryPort } from "../src/history/index.js";
import { createIndexer } from "../src/history/indexer/create-indexer.js";
import { countPending } from "../src/history/indexer/pending-count.js";
import { startRecollectServer } from "../src/server/create-recollect-server.js";
import type { RunningServer } from "../src/server/start-server.js";
import { TEST_FILL_COMMANDS } from "../src/server/testing/fill-commands.js";
import { type SeededHistory, seedHistory } from "../src/server/testing/seed-history.js";
import {
  createMemorySettingsStore,
  type Entitlement,
  type SettingsStore,
} from "../src/settings/index.js";
import { openStore, type Store } from "../src/store/open-store.js";
import {
  type RecordedRequest,
  type ScriptedOpenAIServer,
  type ScriptedTurn,
  startScriptedOpenAIServer,
} from "../src/test/scripted-openai-server.js";
import { CHROMIUM, missingResourceLine, missingResources } from "../src/test/test-resources.js";

const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Where screenshots go for review (gitignored). */
export const SCREENSHOT_DIR = join(REPO_ROOT, "e2e-screenshots");

/** Chromium flags for a headless CI box: no sandbox, GPU, network chatter or first-run UI. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** One explorer step: a fixed turn, or a function (e.g. one that waits on a gate). */
export type ExplorerStep = ScriptedTurn | (() => Promise<ScriptedTurn>);

/** What the scripted models do for one user question. */
export interface Scenario {
  /** The question the primary agent passes to `explore_chat_history`. */
  readonly query: string;
  /** Explorer turns by step (step = assistant messages so far; a retry repeats its step). */
  readonly explorer: readonly ExplorerStep[];
  /** The primary agent's answer after the tool result. */
  readonly answer: string;
  /** The primary agent's first call when it is not the explorer (e.g. a direct read_chat). */
  readonly primaryCall?: ScriptedTurn;
}

/** A running harness. */
export interface Harness {
  readonly url: string;
  readonly store: Store;
  readonly seeded: SeededHistory;
  readonly settings: SettingsStore;
  readonly engine: ScriptedOpenAIServer;
  readonly browser: Browser;
  /**
   * Writes an imported chat of the seeded app (source `seed`) with `messages` (role, text, ms since
   * the epoch), as an importer would: indexed by the running indexer. Returns the ids.
   */
  addChat(
    title: string,
    messages: ReadonlyArray<readonly ["user" | "assistant", string, number]>,
  ): { readonly chatId: number; readonly messageIds: readonly number[] };
  /** Sets what the scripted models do next. */
  setScenario(scenario: Scenario): void;
  setEntitlement(entitlement: Entitlement): void;
  /**
   * Resolves once the background indexer has drained every queued message of the seeded app
   * (≤ 10 s), so a scenario's search sees earlier scenarios' turns as indexed, not "indexing".
   */
  waitForIndex(): Promise<void>;
  /** Requests the engine received since `from` (an index into `engine.requests`). */
  requestsSince(from: number): readonly RecordedRequest[];
  /**
   * A fresh browser context's page; the viewport defaults to 1180×860 CSS px, the colour scheme
   * (`prefers-color-scheme`) to light.
   */
  newPage(options?: {
    locale?: string;
    viewport?: { readonly width: number; readonly height: number };
    colorScheme?: "light" | "dark";
  }): Promise<Page>;
  close(): Promise<void>;
}

/** Options for {@link startHarness}. */
export interface HarnessOptions {
  /** Start the background indexer (default true). False leaves the seed queued: "indexing". */
  readonly indexer?: boolean;
  /**
   * Serve the seeded store opened read-only (default false), as `recollect serve` does when the
   * file system refuses writes: the seed is written and indexed first, then the store reopened.
   */
  readonly readOnlyStore?: boolean;
  /** The app the root URL opens, as `serve --app` names one (default: none, the first app). */
  readonly defaultApp?: (seeded: SeededHistory) => number;
  /** A team store's history port: the server recalls it (`serve --store postgres://…`). */
  readonly history?: HistoryPort;
}

const HISTORY_TOOLS = new Set(["explore_chat_history", "read_chat", "search_chats"]);

function isExplorerRequest(request: RecordedRequest): boolean {
  return request.toolNames.includes("submit_report");
}

/** Names of the history tools a primary request offered (empty for a non-Pro profile). */
export function historyToolsOffered(request: RecordedRequest): string[] {
  return request.toolNames.filter((name) => HISTORY_TOOLS.has(name));
}

/**
 * Builds the web bundle into `outDir` with the repo's Vite config, as a production build like the
 * one `recollect serve` serves. Vitest sets NODE_ENV=test, and Vite keeps an existing NODE_ENV, which
 * would bundle React's development build (several times slower); so it is production for the build.
 */
async function buildWeb(outDir: string): Promise<void> {
  const { build } = await import("vite");
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: join(REPO_ROOT, "vite.config.ts"),
      logLevel: "error",
      mode: "production",
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Starts everything. Call `close()` in `afterAll`. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const missing = missingResources([CHROMIUM]);
  if (missing.length > 0) throw new Error(missingResourceLine("the browser tests", missing));
  const workDir = mkdtempSync(join(tmpdir(), "recollect-e2e-"));
  const webRoot = join(workDir, "web");
  await buildWeb(webRoot);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  const storePath = join(workDir, "recollect.db");
  let store = openStore({ path: storePath });
  const seeded = seedHistory(store);
  if (options.readOnlyStore === true) {
    await createIndexer({ store, pollIntervalMs: 0 }).drainAll();
    store.close();
    store = openStore({ path: storePath, readonly: true });
  }
  const settings = createMemorySettingsStore({});
  let entitlement: Entitlement = "pro";
  const entitlementProvider: EntitlementProvider = { entitlement: () => entitlement };
  let scenario: Scenario = { query: "unset", explorer: [], answer: "No scenario." };

  const engine = await startScriptedOpenAIServer({
    script: async (request) => {
      const messages = request.body?.messages ?? [];
      if (isExplorerRequest(request)) {
        const step = messages.filter((message) => message.role === "assistant").length;
        const turn = scenario.explorer[Math.min(step, scenario.explorer.length - 1)];
        if (!turn) return { type: "http-error", status: 500, message: "no explorer step scripted" };
        return typeof turn === "function" ? turn() : turn;
      }
      if (messages.at(-1)?.role === "tool") return { type: "text", text: scenario.answer };
      if (scenario.primaryCall) return scenario.primaryCall;
      if (request.toolNames.includes("explore_chat_history")) {
        return { type: "tool-call", name: "explore_chat_history", args: { query: scenario.query } };
      }
      return { type: "text", text: "I can't look through earlier chats here." };
    },
  });

  const server: RunningServer = await startRecollectServer({
    store,
    settings,
    entitlement: entitlementProvider,
    engineConfig: { kind: "openai-compatible", baseUrl: engine.baseUrl, modelId: "scripted-model" },
    port: 0,
    appId: options.defaultApp?.(seeded) ?? null,
    webRoot,
    startIndexer: options.indexer ?? true,
    fillCommands: TEST_FILL_COMMANDS,
    ...(options.history ? { history: options.history } : {}),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM.path,
    args: CHROMIUM_ARGS,
  });

  return {
    url: server.url,
    store,
    seeded,
    settings,
    engine,
    browser,
    addChat(title, messages) {
      const db = store.db;
      return db.transaction(() => {
        const chatId = Number(
          db
            .prepare(
              "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'seed', ?)",
            )
            .run(seeded.appId, title, messages[0]?.[2] ?? 0, `added-${title}`).lastInsertRowid,
        );
        const insert = db.prepare(
          "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)",
        );
        const messageIds = messages.map(([role, content, atMs]) =>
          Number(insert.run(chatId, role, content, atMs).lastInsertRowid),
        );
        return { chatId, messageIds };
      })();
    },
    setScenario: (next) => {
      scenario = next;
    },
    setEntitlement: (next) => {
      entitlement = next;
    },
    requestsSince: (from) => engine.requests.slice(from),
    async waitForIndex() {
      const deadline = Date.now() + 10_000;
      while (countPending(store, seeded.appId, null) > 0) {
        if (Date.now() > deadline) throw new Error("the indexer did not drain within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async newPage(pageOptions = {}) {
      const context = await browser.newContext({
        viewport: pageOptions.viewport ?? { width: 1180, height: 860 },
        locale: pageOptions.locale ?? "en-US",
        timezoneId: "UTC",
        reducedMotion: "reduce",
        colorScheme: pageOptions.colorScheme ?? "light",
      });
      return context.newPage();
    },
    async close() {
      await browser.close();
      await server.close();
      await engine.close();
      store.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** The explorer's read of one message (± `after` following ones): candidate ids in read order. */
export function readChatTurn(chatId: number, messageId: number, after = 0): ScriptedTurn {
  return {
    type: "tool-call",
    name: "read_chat",
    args: { chat_id: chatId, around_message_id: messageId, before: 0, after },
  };
}

/** Starts a new chat in the seeded app and asks `question`. */
export async function ask(page: Page, url: string, appId: number, question: string): Promise<void> {
  await page.goto(`${url}/#/chat/${appId}`);
  const input = page.getByLabel("Message");
  await input.fill(question);
  await input.press("Enter");
}

/** A card locator by state. */
export function cardInState(page: Page, state: string) {
  return page.locator(`.explore-card[data-state="${state}"]`);
}

/**
 * Waits (≤ 15 s) for a card in `state`; on timeout fails with the states and text actually shown,
 * so a wrong scenario is diagnosable from the test output.
 */
export async function waitForCard(page: Page, state: string) {
  const card = cardInState(page, state).last();
  try {
    await card.waitFor({ timeout: 15_000 });
  } catch {
    const shown = await page
      .locator(".explore-card")
      .evaluateAll((cards) =>
        cards.map((card) => `${card.getAttribute("data-state")}: ${card.textContent}`),
      );
    const messages = await page.locator(".message-assistant").allTextContents();
    throw new Error(
      `No ${state} card. Cards: ${JSON.stringify(shown)} Messages: ${JSON.stringify(messages)}`,
    );
  }
  return card;
}

/** Runs axe-core on the page; returns serious and critical violations as `id: targets`. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not an inline <script>, so it runs under the app's CSP.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const result = await runner.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.targets.join(", ")}`);
}

/** Saves a full-page screenshot as `e2e-screenshots/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A gate a scripted step can wait on; `open()` releases it. */
export function createGate(): { wait: Promise<void>; open: () => void } {
  let release: (() => void) | undefined;
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, open: () => release?.() };
}
