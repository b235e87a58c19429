/**
 * Listens with a Hono app on 127.0.0.1 only (never on other interfaces: the API exposes the
 * person's chat history). Port 0 picks a free port.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { InvalidInputError, RecollectError } from "../errors/recollect-error.js";

/** The loopback address every Recollect server binds to. */
export const SERVER_HOST = "127.0.0.1";

/** A listening server. `close()` stops accepting and ends open connections; idempotent. */
export interface RunningServer extends AsyncDisposable {
  /** e.g. `http://127.0.0.1:5173`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Checks a port before anything is opened for it.
 * @throws InvalidInputError (`port`) unless `port` is an integer from 0 to 65535.
 */
export function assertListenPort(port: number): void {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidInputError("port", "an integer from 0 to 65535", `got ${port}`);
  }
}

/**
 * Starts listening.
 * @param port - 0–65535; 0 picks a free port.
 * @throws InvalidInputError for a bad port; RecollectError (`precondition`) when it is in use.
 */
export async function startServer(app: Hono, port: number): Promise<RunningServer> {
  assertListenPort(port);
  const server = serve({ fetch: app.fetch, hostname: SERVER_HOST, port });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once("listening", () => resolve(server.address() as AddressInfo));
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new RecollectError(
          "precondition",
          error.code === "EADDRINUSE"
            ? `Port ${port} is already in use; pick another with --port.`
            : `Cannot listen on ${SERVER_HOST}:${port}: ${error.message}`,
          { cause: error },
        ),
      ),
    );
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
    return closing;
  };
  const url = `http://${SERVER_HOST}:${address.port}`;
  return { url, port: address.port, close, [Symbol.asyncDispose]: close };
}
