// The MCP server of the MCP bench, in a process of its own: one `echo` tool, built with the SDK's
// low-level `Server` (the same server for the SDK's client and for aigo's).
//   node mcp-bench-server.mjs stdio   — on stdin/stdout (the bench's clients start it)
//   node mcp-bench-server.mjs http    — Streamable HTTP on 127.0.0.1, forked: sends `{ port }` over IPC
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

function echoServer() {
  const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      {
        name: 'echo',
        description: 'Echoes text',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: String(request.params.arguments?.text ?? '') }],
  }));
  return server;
}

if (process.argv[2] === 'stdio') {
  await echoServer().connect(new StdioServerTransport());
} else {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sessionId) => sessions.set(sessionId, created),
      });
      await echoServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  http.listen(0, '127.0.0.1', () => process.send?.({ port: http.address().port }));
  process.on('disconnect', () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
  });
}
