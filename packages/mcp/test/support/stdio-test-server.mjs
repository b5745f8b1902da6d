// A small MCP server over stdio for the failure tests, run by the tests as a child process:
// `node stdio-test-server.mjs <mode>`.
//   serve    — a working server with `echo`, `crash` (exits mid-call) and `pid` tools
//   exit     — writes to stderr and exits before answering initialize
//   hang     — never answers
//   garbage  — writes lines that are not JSON-RPC instead of answering
//   bad-schema — a tool list whose input schema is not an object schema
import { writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const mode = process.argv[2] ?? 'serve';
const pidFile = process.argv[3];
if (pidFile !== undefined) writeFileSync(pidFile, String(process.pid));

if (mode === 'exit') {
  process.stderr.write(
    'fatal: missing configuration (API_KEY=sk-secret-123456789012345678901234)\n',
  );
  process.exit(3);
} else if (mode === 'hang') {
  setInterval(() => {}, 1 << 30);
} else if (mode === 'garbage') {
  process.stdout.write('Starting server... this is not JSON-RPC\n');
  process.stdin.on('data', () => process.stdout.write('still not JSON\n'));
} else {
  const server = new Server(
    { name: 'stdio-test', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools:
      mode === 'bad-schema'
        ? [{ name: 'broken', description: 'broken', inputSchema: { type: 'string' } }]
        : [
            {
              name: 'echo',
              description: 'Echoes text',
              inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
            },
            {
              name: 'crash',
              description: 'Exits in the middle of the call',
              inputSchema: { type: 'object' },
            },
            { name: 'pid', description: 'The server process id', inputSchema: { type: 'object' } },
          ],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    switch (request.params.name) {
      case 'echo':
        return { content: [{ type: 'text', text: String(request.params.arguments?.text ?? '') }] };
      case 'crash':
        process.exit(1);
        break;
      case 'pid':
        return { content: [{ type: 'text', text: String(process.pid) }] };
    }
    throw new Error(`unknown tool ${request.params.name}`);
  });
  await server.connect(new StdioServerTransport());
}
