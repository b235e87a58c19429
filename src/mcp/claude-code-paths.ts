/**
 * Where Claude Code keeps a project's transcripts: `<config dir>/projects/<encoded cwd>/<session>.jsonl`,
 * the config dir being `$CLAUDE_CONFIG_DIR` or `~/.claude`. The folder name is the project's
 * absolute path with every character that is not an ASCII letter or digit replaced by `-`, runs not
 * collapsed (`/home/me/my_app` → `-home-me-my-app`; observed behaviour, reported in several public
 * tools that read these folders). Pure.
 */
import { homedir } from "node:os";
import { join } from "node:path";

/** Claude Code's folder name for the project at `projectPath` (an absolute path). */
export function encodeClaudeProjectDir(projectPath: string): string {
  return projectPath.replace(/[^a-zA-Z0-9]/g, "-");
}

/** Claude Code's config folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude` under `home`. */
export function claudeConfigDir(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  const configured = env.CLAUDE_CONFIG_DIR?.trim();
  return configured ? configured : join(home, ".claude");
}

/** The transcripts folder of the project at `projectPath`. */
export function claudeTranscriptsDir(
  projectPath: string,
  env: NodeJS.ProcessEnv,
  home?: string,
): string {
  return join(claudeConfigDir(env, home), "projects", encodeClaudeProjectDir(projectPath));
}
