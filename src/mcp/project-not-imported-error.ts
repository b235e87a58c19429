import { PreconditionError } from "../errors/recollect-error.js";

/**
 * No app in the store records the project the MCP client is working in (issue 10 § Build 4).
 * `projectPath` is the folder that was looked up (the client's root, `CLAUDE_PROJECT_DIR` or the
 * server's working directory); the message says how to bring that project's history in. It names
 * no other app.
 */
export class ProjectNotImportedError extends PreconditionError {
  readonly projectPath: string;
  constructor(projectPath: string, transcriptsDir: string) {
    super(
      "app",
      `No app in this store records the project ${projectPath}. Import its history first, e.g. \`recollect import ${transcriptsDir}\` for Claude Code sessions (or the project's .specstory/history), then call again; or start the server with \`recollect mcp --app NAME\` (see \`recollect apps\`).`,
    );
    this.name = "ProjectNotImportedError";
    this.projectPath = projectPath;
  }
}
