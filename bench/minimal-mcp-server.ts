/**
 * The handshake bench's floor: an MCP server that is only the SDK's `Server` on stdio (no store,
 * no tools), started through tsx like `bin/recollect.js`. Whatever it costs, `recollect mcp`
 * cannot go below on this machine.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new Server({ name: "floor", version: "0.0.0" }, { capabilities: {} });
await server.connect(new StdioServerTransport());
