/**
 * `recollect doctor [--project DIR] [--app NAME] [--engine KIND]` (also `recollect mcp --doctor`):
 * for the folder an agent runs in, what `recollect mcp` would serve there — the app and why, Pro,
 * each tool's consent, the Engine, the app's index and last sync — and what to run when something
 * is off. Exit 0 when an agent there can use every tool, else the exit code of the first problem's
 * kind (3 no store or unknown `--app`, 4 no app for the folder / Pro off / Engine not configured,
 * 6 a tool turned off). `--json` gives the {@link DoctorReport} with each remedy written out.
 */
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { Command } from "commander";
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { messageWithRemedies, type RemedyWriter } from "../../errors/remedy.js";
import { type DoctorReport, diagnose } from "../../mcp/mcp-doctor.js";
import { settingsStoreForStorePath } from "../../settings/index.js";
import { openStore, requireStoreFile, type Store } from "../../store/open-store.js";
import { plural } from "../../text/plural.js";
import { globalOptions, setOutcomeExitCode, storeLocationFor } from "../cli-context.js";
import { EXIT_CODE_BY_KIND } from "../exit-codes.js";
import { onceOnlyApp } from "../once-only-option.js";
import { cliRemedyWriter } from "../remedy-writer.js";
import { writeAnswer } from "../write-answer.js";

/** Parsed `doctor` options. */
export interface DoctorOptions {
  project?: string;
  app?: string;
  engine?: string;
}

/** Why the app was picked, as the text says it. */
const SOURCE_TEXT: Readonly<Record<NonNullable<DoctorReport["app"]>["source"], string>> = {
  app_option: "named by --app",
  root: "the --project folder lies in its recorded project",
  project_dir: "CLAUDE_PROJECT_DIR lies in its recorded project",
  cwd: "the working folder lies in its recorded project",
};

/** The report as text: one line per check, then the problems with their commands. */
export function formatDoctorReport(report: DoctorReport, write: RemedyWriter): string {
  const lines = [
    `folder   ${report.folder.path}${report.folder.git_root ? ` (git root ${report.folder.git_root})` : ""}`,
    report.app === null
      ? "app      none"
      : `app      ${report.app.name} (${SOURCE_TEXT[report.app.source]}${report.app.project_path ? `: ${report.app.project_path}` : ""})`,
  ];
  if (report.apps_inside.length > 0) {
    lines.push(`         apps recorded in folders inside it: ${report.apps_inside.join(", ")}`);
  }
  lines.push(`pro      ${report.entitlement === "pro" ? "on" : "off"}`);
  for (const tool of report.tools) {
    const asks = tool.asks
      ? " (the client's form or the host's permission prompt asks; a headless client cannot)"
      : "";
    lines.push(
      `tool     ${tool.name}: ${tool.listed ? "listed" : "not listed"}, consent ${tool.consent}${asks}`,
    );
  }
  const sampling =
    report.engine.sampling === "on"
      ? "; mcp.sampling on: the client's model first, when it offers sampling"
      : "";
  lines.push(
    report.engine.error === null
      ? `engine   ${report.engine.kind} (${report.engine.model_id})${sampling}`
      : `engine   not available${sampling}`,
  );
  if (report.index !== null) {
    const pending = report.index.pending > 0 ? `, ${plural(report.index.pending, "queued")}` : "";
    lines.push(
      `index    ${report.index.status}: ${plural(report.index.messages, "message")}${pending}`,
    );
  }
  if (report.app !== null) lines.push(`synced   ${report.last_sync_at ?? "never"}`);
  if (report.problems.length === 0) {
    lines.push("", "ok: an agent in this folder can use every tool");
  } else {
    lines.push("", `${plural(report.problems.length, "problem")}:`);
    for (const problem of report.problems) {
      lines.push(`  ${problem.topic}: ${messageWithRemedies(problem, write)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The `--json` shape: each remedy as `{command, purpose}`, written for this shell and store. */
export function doctorJson(report: DoctorReport, write: RemedyWriter) {
  return {
    ...report,
    ok: report.problems.length === 0,
    problems: report.problems.map(({ remedies, ...problem }) => ({
      ...problem,
      remedies: remedies.map((remedy) => ({ command: write(remedy), purpose: remedy.purpose })),
    })),
  };
}

/**
 * `--project`'s folder, absolute: the doctor checks what the server would serve an agent there,
 * and a folder that is not there answers nothing about it.
 * @throws InvalidInputError (`--project`) when the path does not exist or is not a folder.
 */
function existingFolder(path: string): string {
  const absolute = resolve(path);
  const stats = statSync(absolute, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return absolute;
  const got = `got ${quotedValue(path)}, ${stats === undefined ? "which does not exist" : "not a folder"}`;
  throw new InvalidInputError("--project", "an existing folder", got);
}

/**
 * Runs the doctor for `command`'s global options and `options`; writes the answer and sets the
 * exit code. Opens the store read-only; creates nothing.
 * @throws InvalidInputError for a bad `--db` or a `--project` that is no folder; the errors of `requireStoreFile` for a path that
 *   is not a store.
 */
export async function runDoctor(command: Command, options: DoctorOptions): Promise<void> {
  const project = options.project !== undefined ? existingFolder(options.project) : undefined;
  const global = globalOptions(command);
  const location = storeLocationFor(global);
  const exists = requireStoreFile(location) !== "new";
  let store: Store | null = null;
  try {
    if (exists) store = openStore({ ...location, readonly: true });
    const report = await diagnose({
      store,
      storePath: location.path,
      settings: settingsStoreForStorePath(location.path),
      ...(options.app !== undefined ? { appName: options.app } : {}),
      ...(project !== undefined ? { project } : {}),
      ...(options.engine !== undefined ? { engineKind: options.engine } : {}),
      cwd: process.cwd(),
      env: process.env,
      home: process.env.HOME?.trim() || homedir(),
    });
    const write = cliRemedyWriter(global);
    await writeAnswer(command, doctorJson(report, write), () => formatDoctorReport(report, write));
    const first = report.problems[0];
    if (first !== undefined) setOutcomeExitCode(command, EXIT_CODE_BY_KIND[first.kind]);
  } finally {
    store?.close();
  }
}

/** Registers `recollect doctor`. */
export function registerDoctorCommand(program: Command): void {
  program
    .command("doctor")
    .description("check what `recollect mcp` would serve an agent in this folder, and what is off")
    .option("--project <dir>", "the folder the agent runs in (default: the working folder)")
    .option("--app <name>", "as `recollect mcp --app`: check this app", onceOnlyApp)
    .option("--engine <kind>", "explorer engine: offline | openai-compatible | openai | anthropic")
    .action(async (options: DoctorOptions, command: Command) => {
      await runDoctor(command, options);
    });
}
