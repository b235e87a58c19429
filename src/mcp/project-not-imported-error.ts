import { LIST_APPS, PreconditionError } from "../errors/recollect-error.js";

/**
 * No app in the store records the project the MCP client is working in (issue 10 § Build 4).
 * `projectPath` is the folder that was looked up (the client's root, `CLAUDE_PROJECT_DIR` or the
 * server's working directory); its remedies say how to bring that project's history in (or name
 * an app): importing `transcriptsDir`, the project's Claude Code sessions, when that folder
 * exists, else `sync` (every agent's history found on the machine), so a printed command never
 * names a folder that is not there. It names no other app.
 */
export class ProjectNotImportedError extends PreconditionError {
  readonly projectPath: string;
  constructor(projectPath: string, transcriptsDir: string | null) {
    super(
      "app",
      `No app in this store records the project ${projectPath}. Import its history first, then call again; or start the server on one app.`,
      [
        transcriptsDir === null
          ? { args: ["sync"], purpose: "to import the agents' histories found on this machine" }
          : {
              args: ["import", transcriptsDir],
              purpose: "for its Claude Code sessions (or import the project's .specstory/history)",
            },
        { args: ["mcp", "--app", "<name>"], purpose: "to serve one app" },
        LIST_APPS,
      ],
    );
    this.name = "ProjectNotImportedError";
    this.projectPath = projectPath;
  }
}
