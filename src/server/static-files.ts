/**
 * Serves the built web app from a folder (normally `dist/web`). Files only from inside that
 * folder; any path without a file extension falls back to `index.html` (client-side routes).
 */
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/**
 * Returns a handler resolving a GET request to a file under `root`, or null when there is none.
 * `..` segments and encoded separators never leave `root`.
 */
export function createStaticHandler(root: string): (request: Request) => Promise<Response | null> {
  const base = normalize(root + sep);
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return null;
    }
    if (pathname.includes("\0")) return null;
    const wantsFile = extname(pathname) !== "";
    const relative = wantsFile ? pathname : "/index.html";
    const file = normalize(join(base, relative));
    if (!file.startsWith(base)) return null;
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return null;
    }
    const type = CONTENT_TYPES[extname(file)] ?? "application/octet-stream";
    const cache = file.includes(`${sep}assets${sep}`)
      ? "public, max-age=31536000, immutable"
      : "no-cache";
    return new Response(request.method === "HEAD" ? null : new Uint8Array(body), {
      headers: { "content-type": type, "cache-control": cache },
    });
  };
}
