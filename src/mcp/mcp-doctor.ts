/**
 * `recollect doctor` (issue 29 § Build 4): what `recollect mcp` would do for an agent started in a
 * folder — which app the folder maps to and why, whether Pro and each tool's consent let the tools
 * be listed and run, the Engine, the app's index state and its last sync — the checks a person
 * makes when a client shows "connected" and nothing works. Reads only: nothing is written, no
 * store is created, no file of another app is named (counts and this app's own name only).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { resolveConsent } from "../agent/consent/resolve-consent.js";
import { TOOL_DEFINITIONS } from "../agent/tools/registry.js";
import type { Consent } from "../contracts/consent.js";
import {
  RecollectError,
  type RecollectErrorKind,
  toRecollectError,
} from "../errors/recollect-error.js";
import type { Remedy } from "../errors/remedy.js";
import { createIndexer } from "../history/indexer/create-indexer.js";
import {
  allowToolWithConsent,
  isMcpSamplingOn,
  SETTINGS_DEFAULTS,
  type SettingsStore,
  TURN_PRO_ON,
} from "../settings/index.js";
import { listAppActivity } from "../store/catalog/apps.js";
import { sourceProjectTotals } from "../store/catalog/source-files.js";
import type { Store } from "../store/open-store.js";
import { workingFolderRoots } from "../sync/project-roots.js";
import { loadEngine } from "./load-engine.js";
import {
  appsBelowFolder,
  resolveSessionApp,
  type SessionApp,
  type SessionAppSource,
} from "./resolve-session-app.js";
import { MCP_TOOL_NAMES } from "./tool-descriptors.js";

/** One thing that keeps an agent from using Recollect, classified like the error it would get. */
export interface DoctorProblem {
  /** The error kind the agent's call would get (its exit code is the doctor's). */
  readonly kind: RecollectErrorKind;
  /** What is missing or off: `store`, `app`, `pro`, `engine`, or `consent.<tool>`. */
  readonly topic: string;
  /** One sentence; names only this folder, this store and this app. */
  readonly message: string;
  /** Commands that fix it (written by the surface). */
  readonly remedies: readonly Remedy[];
}

/** How the server would treat one tool for this store. */
export interface DoctorTool {
  readonly name: string;
  /** The consent in force (stored, else the tool's default). */
  readonly consent: Consent;
  /** In `tools/list`: Pro on and consent not `never`. */
  readonly listed: boolean;
  /**
   * `ask` only: who asks the person — the client's elicitation form, else the host's own tool
   * permission prompt; a headless client (`claude -p`) can do neither, so the call is refused
   * as "could not ask" unless consent is `always`.
   */
  readonly asks: boolean;
}

/** The doctor's whole diagnosis. Times are ISO-8601 UTC. */
export interface DoctorReport {
  /** The folder looked up (absolute), and its repository's root when it lies in one. */
  readonly folder: { readonly path: string; readonly git_root: string | null };
  /** The app the server would lock to, and why; null when none matches. */
  readonly app: {
    readonly id: number;
    readonly name: string;
    /** The recorded project path the folder lies in (for `--app`, the app's own path or null). */
    readonly project_path: string | null;
    /** `app_option` (--app), `root` (--project, as a client's root), `project_dir` (CLAUDE_PROJECT_DIR), `cwd`. */
    readonly source: SessionAppSource;
  } | null;
  /**
   * Names of apps recorded for folders inside this one (e.g. an aider history in `backend/`):
   * not matched from here, the hint for `--app` or running from that folder. Sorted, at most 10.
   */
  readonly apps_inside: readonly string[];
  readonly entitlement: "pro" | "free";
  readonly tools: readonly DoctorTool[];
  /**
   * The Engine explore calls would run on, or why none could be configured; `sampling` is the
   * `mcp.sampling` setting (`on`: the client's own model first, when the client offers sampling,
   * with this Engine as its fallback).
   */
  readonly engine: {
    readonly kind: string | null;
    readonly model_id: string | null;
    readonly error: string | null;
    readonly sampling: "on" | "off";
  };
  /** The app's index: messages, still queued, `ready` / `indexing` / `stale` (read-only store). */
  readonly index: {
    readonly messages: number;
    readonly pending: number;
    readonly status: "ready" | "indexing" | "stale";
  } | null;
  /** Newest sync pass that read one of the app's project files; null when never synced. */
  readonly last_sync_at: string | null;
  /** Empty when an agent in this folder can use every tool. */
  readonly problems: readonly DoctorProblem[];
}

/** Inputs of {@link diagnose}. */
export interface DiagnoseOptions {
  /** The open store (read-only is enough); null when there is none at its path. */
  readonly store: Store | null;
  /** The store's path, named when there is no store. */
  readonly storePath: string;
  readonly settings: SettingsStore;
  /** `--app NAME`, as `recollect mcp --app`. */
  readonly appName?: string;
  /** `--project DIR`: stands in for the client's roots. */
  readonly project?: string;
  /** The folder the agent runs in (the server's working directory). */
  readonly cwd: string;
  /** `--engine KIND`; default `RECOLLECT_ENGINE`. */
  readonly engineKind?: string;
  /** Read for `CLAUDE_PROJECT_DIR`, the Engine's settings and `HOME`. */
  readonly env: NodeJS.ProcessEnv;
  /** Home folder (no project lives there). */
  readonly home: string;
}

const MAX_APPS_INSIDE = 10;

function problemOf(error: RecollectError, topic: string): DoctorProblem {
  return { kind: error.kind, topic, message: error.message, remedies: error.remedies };
}

function newestSyncOfApp(db: Database.Database, appName: string): string | null {
  const times = sourceProjectTotals(db)
    .filter((row) => row.app === appName)
    .map((row) => row.lastSyncedAtMs);
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : null;
}

/** The app the server would pick, or the problem it would answer instead. */
function sessionAppOrProblem(options: DiagnoseOptions): SessionApp | DoctorProblem {
  if (options.store === null) return noStoreProblem(options.storePath);
  const projectDir = options.env.CLAUDE_PROJECT_DIR?.trim();
  try {
    return resolveSessionApp(options.store.db, {
      ...(options.appName !== undefined ? { appName: options.appName } : {}),
      roots: options.project !== undefined ? [options.project] : [],
      ...(projectDir ? { projectDir } : {}),
      cwd: options.cwd,
      env: options.env,
    });
  } catch (error) {
    return problemOf(toRecollectError(error), "app");
  }
}

/**
 * Diagnoses what `recollect mcp` started in `cwd` (with these options) would serve. Reads the
 * store, its settings file and the Engine's configuration; never writes. Problems come in the
 * order an agent meets them: app, Pro, consent, Engine.
 * @throws RecollectError only for a settings file that cannot be read.
 */
export async function diagnose(options: DiagnoseOptions): Promise<DoctorReport> {
  const { store } = options;
  const problems: DoctorProblem[] = [];
  const folder = options.project ?? options.env.CLAUDE_PROJECT_DIR?.trim() ?? options.cwd;
  const roots = workingFolderRoots(folder, options.home);
  // `workingFolderRoots` lists a folder that is its own repository's root once.
  const gitRoot =
    roots.length > 1
      ? (roots[1] ?? null)
      : existsSync(join(folder, ".git"))
        ? (roots[0] ?? null)
        : null;

  const resolved = sessionAppOrProblem(options);
  const app = "appId" in resolved ? resolved : null;
  if (app === null) problems.push(resolved as DoctorProblem);

  const settings = options.settings.read();
  const pro = (settings.entitlement ?? SETTINGS_DEFAULTS.entitlement) === "pro";
  if (!pro) {
    problems.push({
      kind: "precondition",
      topic: "pro",
      message: "Pro is off for this store, so the server lists no tools.",
      remedies: [TURN_PRO_ON],
    });
  }
  const tools = TOOL_DEFINITIONS.filter((definition) => MCP_TOOL_NAMES.has(definition.name)).map(
    (definition): DoctorTool => {
      const consent = resolveConsent(definition.name, definition.defaultConsent, settings.consent);
      if (consent === "never") {
        problems.push({
          kind: "user_cancelled",
          topic: `consent.${definition.name}`,
          message: `${definition.name} is turned off for this store (consent never), so it is not listed.`,
          remedies: [allowToolWithConsent(definition.name)],
        });
      }
      return {
        name: definition.name,
        consent,
        listed: pro && consent !== "never",
        asks: consent === "ask",
      };
    },
  );

  const engine = await loadEngine(options.engineKind, options.env);
  if (RecollectError.isInstance(engine)) problems.push(problemOf(engine, "engine"));

  let index: DoctorReport["index"] = null;
  if (app !== null && store !== null) {
    const indexer = createIndexer({ store, pollIntervalMs: 0 });
    const pending = indexer.pendingCount(app.appId);
    const messages =
      listAppActivity(store.db).find((activity) => activity.id === app.appId)?.messageCount ?? 0;
    index = {
      messages,
      pending,
      status: pending === 0 ? "ready" : store.writable ? "indexing" : "stale",
    };
  }

  return {
    folder: { path: roots[0] ?? folder, git_root: gitRoot },
    app:
      app === null
        ? null
        : { id: app.appId, name: app.appName, project_path: app.projectPath, source: app.source },
    apps_inside: (store === null ? [] : appsBelowFolder(store.db, folder))
      .map((inside) => inside.name)
      .filter((name) => name !== app?.appName)
      .slice(0, MAX_APPS_INSIDE),
    entitlement: pro ? "pro" : "free",
    tools,
    engine: {
      ...(RecollectError.isInstance(engine)
        ? {
            kind: options.engineKind ?? options.env.RECOLLECT_ENGINE ?? null,
            model_id: null,
            error: engine.message,
          }
        : { kind: engine.kind, model_id: engine.modelId, error: null }),
      sampling: isMcpSamplingOn(settings) ? "on" : "off",
    },
    index,
    last_sync_at: app === null || store === null ? null : newestSyncOfApp(store.db, app.appName),
    problems,
  };
}

/** The problem a doctor run reports when there is no store at all (nothing else can be checked). */
export function noStoreProblem(path: string): DoctorProblem {
  return {
    kind: "not_found",
    topic: "store",
    message: `No Recollect store at ${path}: nothing has been imported yet.`,
    remedies: [
      { args: ["sync"], purpose: "to import the agents' histories found on this machine" },
    ],
  };
}
