// The handshake bench's floor: an MCP server that is only the SDK's `Server` on stdio (no store,
// no tools). Plain JavaScript, so the bench can start it with plain node (what the packed package
// costs at best) and through tsx (what a checkout costs at best).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new Server({ name: "floor", version: "0.0.0" }, { capabilities: {} });
await server.connect(new StdioServerTransport());
