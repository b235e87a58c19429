/**
 * @module
 * Hono's own middleware, configured for a local single-user app: a request-body limit that answers
 * 413 before reading a body it would refuse, and security headers (CSP, no framing, no referrer).
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";

/**
 * Largest request body the API accepts, bytes (1 MiB). The biggest legitimate body is one chat
 * message typed by the person (plus a small JSON envelope); a megabyte is far above that and far
 * below what would hurt a local process.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * Refuses a body over {@link MAX_REQUEST_BODY_BYTES} with 413 and the API's error shape: from its
 * `Content-Length` before a byte is read, or, for a chunked body, as soon as the count passes it.
 */
export function requestBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_REQUEST_BODY_BYTES,
    onError: (c) =>
      c.json(
        {
          error: {
            kind: "invalid_input",
            message: `The request body is larger than ${MAX_REQUEST_BODY_BYTES} bytes (1 MiB).`,
            argument: "body",
            allowed: `at most ${MAX_REQUEST_BODY_BYTES} bytes`,
          },
        },
        413,
      ),
  });
}

/**
 * Security headers for the page and the API. The built web app loads only its own scripts, styles
 * and fonts and talks only to this origin (JSON and SSE), so everything is `'self'`; React sets
 * styles through the DOM, which `style-src 'self'` allows. Nothing may frame it
 * (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), no referrer leaves it, and there is no
 * HSTS (plain HTTP on 127.0.0.1).
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "no-referrer",
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}
