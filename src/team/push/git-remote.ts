/**
 * The git remote that identifies an app across machines (issue 32): the same repository cloned on
 * a laptop and a dev box has two folders but one `origin`. Read from the app's project folders
 * with `git config`; normalised so `git@host:org/repo.git` and `https://user:token@host/org/repo`
 * are one `host/org/repo`, and no credential in a remote URL ever leaves the machine.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Longest wait for one `git config` call, ms. */
const GIT_TIMEOUT_MS = 2_000;

/**
 * `remote` as `host/path` lower-cased host, without scheme, user, password, port-less `:` or a
 * trailing `.git`/slash; null when it names no host and path. Pure.
 */
export function normalizeGitRemote(remote: string): string | null {
  const trimmed = remote.trim();
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(trimmed);
  let host: string;
  let path: string;
  if (scp !== null && !trimmed.includes("://")) {
    host = scp[1] ?? "";
    path = scp[2] ?? "";
  } else {
    try {
      const url = new URL(trimmed);
      host = url.hostname;
      path = url.pathname;
    } catch {
      return null;
    }
  }
  const cleanPath = path
    .replace(/^\/+/, "")
    .replace(/\/+$/, "")
    .replace(/\.git$/i, "");
  if (host === "" || cleanPath === "") return null;
  return `${host.toLowerCase()}/${cleanPath}`;
}

/**
 * The normalised `origin` of the first of `folders` that is a git work tree with one, or null.
 * Never throws: a folder that is gone or no repository is skipped.
 */
export function gitRemoteOf(folders: readonly string[]): string | null {
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    try {
      const out = execFileSync("git", ["-C", folder, "config", "--get", "remote.origin.url"], {
        encoding: "utf8",
        timeout: GIT_TIMEOUT_MS,
        stdio: ["ignore", "pipe", "ignore"],
      });
      const remote = normalizeGitRemote(out);
      if (remote !== null) return remote;
    } catch {
      // Not a repository, or no origin: the next folder may say.
    }
  }
  return null;
}
