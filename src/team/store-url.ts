/**
 * What `--store` / `RECOLLECT_STORE` name (issue 32): a `postgres://` or `postgresql://` URL picks a
 * team's PostgreSQL store; anything else is a path to the local SQLite store. A URL's password is
 * never printed: every message shows {@link redactedStoreUrl}.
 */

import { quotedValue } from "../errors/quoted-value.js";
import { InvalidConfigurationError, InvalidInputError } from "../errors/recollect-error.js";

const POSTGRES_SCHEME = /^postgres(?:ql)?:\/\//i;

/** A URL of any scheme (`mysql://…`, `https://…`): no store file path looks like one. */
const ANY_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/** What a store URL must look like, as every refusal says. */
export const STORE_URL_ALLOWED =
  "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (or ?host=/socket/folder), or a store file path";

/**
 * The refusal of a store value: a usage error on a flag (`--store`, `--to`: exit 2), a
 * configuration error on `RECOLLECT_STORE` (exit 4: no argument of the command fixes an environment variable, as for
 * `RECOLLECT_DB`).
 */
function storeValueError(
  origin: StoreUrlOrigin,
  detail: string,
): InvalidInputError | InvalidConfigurationError {
  return origin === "RECOLLECT_STORE"
    ? new InvalidConfigurationError(origin, STORE_URL_ALLOWED, detail)
    : new InvalidInputError(origin, STORE_URL_ALLOWED, detail);
}

/**
 * `value` (of `origin`) unchanged when it may name a store: a PostgreSQL URL or a path.
 *
 * @throws InvalidInputError (`--store`) or InvalidConfigurationError (`RECOLLECT_STORE`) naming
 *   `origin` when it is a URL of another scheme (`mysql://…`).
 */
export function requireStoreValue(value: string, origin: StoreUrlOrigin): string {
  if (ANY_URL.test(value.trim()) && !isPostgresUrl(value)) {
    throw storeValueError(
      origin,
      `got ${quotedValue(redactedStoreUrl(value))}, a URL of another scheme`,
    );
  }
  return value;
}

/** True when `value` names a PostgreSQL store (`postgres://…` or `postgresql://…`). Pure. */
export function isPostgresUrl(value: string): boolean {
  return POSTGRES_SCHEME.test(value.trim());
}

/**
 * `url` with any password replaced by `***` (and query parameters named `password` too), safe for
 * errors and logs. A value that does not parse as a URL is reduced to its scheme. Pure.
 */
export function redactedStoreUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    if (parsed.password !== "") parsed.password = "***";
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass/i.test(key)) parsed.searchParams.set(key, "***");
    }
    return parsed.toString();
  } catch {
    return `${url.trim().split("://", 1)[0] ?? "postgres"}://…`;
  }
}

/** Where a store URL came from, named by every error about it. */
export type StoreUrlOrigin = "--store" | "RECOLLECT_STORE" | "--to";

/**
 * Checks that `url` parses as a PostgreSQL URL with a database name.
 * @throws InvalidInputError (`--store`) or InvalidConfigurationError (`RECOLLECT_STORE`) naming
 *   `origin`, with the URL redacted, when it does not.
 */
export function parseStoreUrl(url: string, origin: StoreUrlOrigin): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw storeValueError(origin, `got ${quotedValue(redactedStoreUrl(url))}, not a URL`);
  }
  if (parsed.pathname.replace(/^\//, "") === "") {
    throw storeValueError(
      origin,
      `got ${quotedValue(redactedStoreUrl(url))}, which names no database`,
    );
  }
  return parsed;
}
