/**
 * A team's PostgreSQL store that cannot be used (issue 32): not reachable, refusing the login, or
 * not set up. Kind `precondition` (exit 4): no argument of the command fixes it, the server or the
 * URL must. The message names the store by its redacted URL, never a password.
 */
import { RecollectError } from "../errors/recollect-error.js";
import type { Remedy } from "../errors/remedy.js";
import { redactedStoreUrl } from "./store-url.js";

/** Why the store could not be used. */
export type TeamStoreProblem =
  | "unreachable"
  | "no_database"
  | "login_refused"
  | "not_initialized"
  | "no_access";

const WHAT: Readonly<Record<TeamStoreProblem, string>> = {
  unreachable: "cannot be reached",
  no_database: "names a database the server does not have",
  login_refused: "refused the login",
  not_initialized: "holds no Recollect schema",
  no_access: "does not let this role use Recollect's tables",
};

const FIX: Readonly<Record<TeamStoreProblem, string>> = {
  unreachable: "Check the host, port and that PostgreSQL is running.",
  no_database:
    "Check the database name at the end of the URL, or create it (`createdb NAME`) and run `recollect server init --store URL`.",
  login_refused: "Check the user name and password in the URL (or PGPASSWORD).",
  not_initialized: "An administrator sets it up once with `recollect server init --store URL`.",
  no_access:
    "An administrator adds you with `recollect server grant APP MEMBER --store URL` (MEMBER: your database role).",
};

/** The team store at `url` could not be used for `problem`; `detail` is PostgreSQL's own code. */
export class TeamStoreError extends RecollectError {
  readonly problem: TeamStoreProblem;
  readonly storeUrl: string;
  constructor(
    url: string,
    problem: TeamStoreProblem,
    options?: { cause?: unknown; remedies?: readonly Remedy[] },
  ) {
    const shown = redactedStoreUrl(url);
    super("precondition", `The team store ${shown} ${WHAT[problem]}. ${FIX[problem]}`, options);
    this.name = "TeamStoreError";
    this.problem = problem;
    this.storeUrl = shown;
  }
}

/** PostgreSQL SQLSTATEs (and Node socket codes) and what they mean for a team store. */
const PROBLEM_OF_CODE: Readonly<Record<string, TeamStoreProblem>> = {
  ECONNREFUSED: "unreachable",
  ENOTFOUND: "unreachable",
  EHOSTUNREACH: "unreachable",
  ETIMEDOUT: "unreachable",
  ENOENT: "unreachable",
  EAI_AGAIN: "unreachable",
  "28P01": "login_refused",
  "28000": "login_refused",
  "3D000": "no_database",
  "3F000": "not_initialized",
  "42P01": "not_initialized",
  "42501": "no_access",
};

/** The {@link TeamStoreProblem} of a connection or query error, or null for any other error. */
export function teamStoreProblemOf(error: unknown): TeamStoreProblem | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code in PROBLEM_OF_CODE) return PROBLEM_OF_CODE[code] ?? null;
  if (error instanceof Error && /timeout|terminated/i.test(error.message)) return "unreachable";
  return null;
}
