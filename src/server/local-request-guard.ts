/**
 * @module
 * Middleware that keeps the API to the person's own browser on this machine. The server already
 * listens on 127.0.0.1 only; this also refuses
 * - a `Host` other than 127.0.0.1 / localhost / [::1] (a DNS-rebinding page), and
 * - a state-changing request (POST/PUT/DELETE) that is not `application/json` or that comes from
 *   another origin — a cross-site form or `fetch` cannot send JSON without a CORS preflight,
 *   which this server never answers.
 */
import type { MiddlewareHandler } from "hono";
import { InvalidInputError } from "../errors/recollect-error.js";

const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]"]);
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

function hostnameOf(host: string): string {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : (host.split(":")[0] ?? "");
}

/**
 * Creates the guard.
 * @example app.use("*", localRequestGuard())
 */
export function localRequestGuard(): MiddlewareHandler {
  return async function localRequestGuardHandler(c, next) {
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!LOCAL_HOSTNAMES.has(hostnameOf(host).toLowerCase())) {
      throw new InvalidInputError("Host header", "127.0.0.1 or localhost");
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const type = c.req.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("application/json")) {
        throw new InvalidInputError("Content-Type", "application/json");
      }
      const origin = c.req.header("origin");
      if (origin !== undefined && origin !== "null") {
        let originHost = "";
        try {
          originHost = new URL(origin).host;
        } catch {
          originHost = "";
        }
        if (originHost !== host) throw new InvalidInputError("Origin", "this server's own origin");
      } else if (origin === "null") {
        throw new InvalidInputError("Origin", "this server's own origin");
      }
    }
    await next();
  };
}
