/**
 * Test support shared by the scripted model endpoints (`scripted-anthropic-server.ts`,
 * `scripted-gemini-server.ts`): an HTTP server on 127.0.0.1 at a random port, and a request's
 * body read whole.
 */
import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

/** A listening loopback server: `http://127.0.0.1:<port>` and how to stop it. */
export interface LoopbackServer {
  readonly baseUrl: string;
  /** Drops open connections (a client stuck on a stream) and stops listening. */
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1 at a port the system picks. */
export async function listenOnLoopback(handler: RequestListener): Promise<LoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The request's body as UTF-8 text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
